import { expect, it } from "vitest";

import { claimSlot, nextAllowedAt, releaseSlot } from "./usage-limit.server";

it("lets one of 50 parallel claims through and says when the next is allowed", async () => {
  const now = Date.now();
  const claims = await Promise.all(Array.from({ length: 50 }, () => claimSlot("sms:user-1", 3 * 3600_000, now)));
  expect(claims.filter((c) => c.ok)).toHaveLength(1);
  const refused = claims.find((c) => !c.ok);
  expect(refused).toEqual({ ok: false, nextAllowedAt: new Date(now + 3 * 3600_000) });
});

it("allows the action again after the interval, and after a release", async () => {
  const t0 = Date.now() - 4 * 3600_000;
  expect((await claimSlot("email:u", 3 * 3600_000, t0)).ok).toBe(true);
  const second = await claimSlot("email:u", 3 * 3600_000, t0 + 3 * 3600_000 + 1);
  expect(second.ok).toBe(true);
  if (!second.ok) return;
  expect(await nextAllowedAt("email:u", 3 * 3600_000, t0 + 3 * 3600_000 + 2)).not.toBeNull();
  await releaseSlot("email:u", second);
  expect((await claimSlot("email:u", 3 * 3600_000, t0 + 3 * 3600_000 + 3)).ok).toBe(true);
});
