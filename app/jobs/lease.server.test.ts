import { expect, it } from "vitest";

import { acquireLease, leaseHolder, releaseLease } from "./lease.server";

const T = 1_800_000_000_000;

it("is held by one process at a time: renewed by its holder, refused to others until it expires", async () => {
  expect(await acquireLease("job", "a", 60_000, T)).toBe(true);
  expect(await acquireLease("job", "b", 60_000, T + 1000)).toBe(false);
  // The holder renews it: it now runs to T + 30 s + 60 s.
  expect(await acquireLease("job", "a", 60_000, T + 30_000)).toBe(true);
  expect(await acquireLease("job", "b", 60_000, T + 61_000)).toBe(false);
  expect(await leaseHolder("job", T + 61_000)).toBe("a");
  // The holder stopped renewing (it died): once expired, another takes it, and the old holder cannot renew.
  expect(await acquireLease("job", "b", 60_000, T + 90_000)).toBe(true);
  expect(await acquireLease("job", "a", 60_000, T + 91_000)).toBe(false);
  expect(await leaseHolder("job", T + 91_000)).toBe("b");
});

it("has exactly one winner among parallel takers", async () => {
  const takers = Array.from({ length: 8 }, (_, i) => `p${i}`);
  const won = await Promise.all(takers.map((holder) => acquireLease("race", holder, 60_000, T)));
  expect(won.filter(Boolean)).toHaveLength(1);
  expect(await leaseHolder("race", T)).toBe(takers[won.indexOf(true)]);
});

it("is free at once when its holder releases it; a release by another holder changes nothing", async () => {
  expect(await acquireLease("free", "a", 60_000, T)).toBe(true);
  await releaseLease("free", "b");
  expect(await leaseHolder("free", T)).toBe("a");
  await releaseLease("free", "a");
  expect(await leaseHolder("free", T)).toBeNull();
  expect(await acquireLease("free", "b", 60_000, T + 1)).toBe(true);
});
