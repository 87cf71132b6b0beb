import { describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { SEND_INTERVAL_MS } from "~/limits/usage-limit.server";
import { createLocationRequest } from "~/location-requests/create.server";
import { optOut, recipientKey } from "~/location-requests/recipient-controls.server";
import { slotUse } from "~/location-requests/slot-use.server";

import { createUser } from "../../tests/support/factories";

const request = (userId: string, target: string) => ({
  userId,
  channel: "email" as const,
  target,
  requesterName: "Ana",
  locale: "en" as const,
});

describe("why a New Search form waits", () => {
  it("names nothing while the slot is free", async () => {
    const { user } = await createUser();
    expect(await slotUse(user.id, "email")).toBeNull();
  });

  it("names the request that used the slot, and when it opens again", async () => {
    const { user } = await createUser();
    expect((await createLocationRequest(request(user.id, "rosa@example.com"))).ok).toBe(true);
    const use = await slotUse(user.id, "email");
    expect(use?.usedBy).toMatchObject({ channel: "email", target: "rosa@example.com", notAccepted: false });
    expect(use!.nextAt.getTime() - use!.usedBy!.at.getTime()).toBeGreaterThan(SEND_INTERVAL_MS - 5_000);
  });

  it("names a refusal, the second time too (the stored refusal answers it again)", async () => {
    const { user } = await createUser();
    const target = `optedout-${Date.now()}@example.com`;
    await optOut((await recipientKey("email", target))!, "page");
    expect(await createLocationRequest(request(user.id, target))).toMatchObject({ error: "notAccepted" });
    expect((await slotUse(user.id, "email"))?.usedBy).toMatchObject({ target, notAccepted: true });

    // Another request uses the next slot; then a second refusal to the first address, once that slot
    // is free again, reuses the stored row and is still what the page names.
    await db().usageSlot.deleteMany({ where: { key: `email:${user.id}` } });
    expect((await createLocationRequest(request(user.id, "rosa@example.com"))).ok).toBe(true);
    expect((await slotUse(user.id, "email"))?.usedBy).toMatchObject({ target: "rosa@example.com" });
    await db().usageSlot.deleteMany({ where: { key: `email:${user.id}` } });
    expect(await createLocationRequest(request(user.id, target))).toMatchObject({ error: "notAccepted" });
    expect((await slotUse(user.id, "email"))?.usedBy).toMatchObject({ target, notAccepted: true });
  });
});
