import { expect, it } from "vitest";

import { db } from "~/db/db.server";
import { decline, recordOpened, revoke, shareApproximate, sharePrecise } from "~/location-requests/answer.server";
import { createLocationRequest } from "~/location-requests/create.server";
import { requestsVersion } from "~/location-requests/list.server";
import { eraseRecipientData } from "~/privacy/recipient-erasure.server";
import { forgetOldRequestData, purgeOldPositions } from "~/privacy/retention.server";
import { openLink } from "~/recipient/recipient.server";
import { DAY } from "~/utils/time";

import { routeArgs, signedInUser } from "../../tests/support/factories";
import { loader } from "./dashboard.live";

const ask = (token?: string) =>
  loader(
    routeArgs(
      new Request("http://localhost:3000/dashboard/live", { headers: token ? { Cookie: `token=${token}` } : {} }),
    ),
  ) as Promise<Response>;
const versionOf = async (token: string) => (await (await ask(token)).json()) as { version: string; active: boolean };

async function newLink(userId: string, title = "Tito") {
  const created = await createLocationRequest({ userId, channel: "link", requesterName: "Ana", locale: "en", title });
  if (!created.ok) throw new Error("not created");
  return created.request;
}

it("raises its version on every kind of change to the account's requests, and on nobody else's", async () => {
  const { token, user } = await signedInUser();
  const other = await signedInUser();
  const empty = await versionOf(token);
  expect(empty).toEqual({ version: "0", active: false });

  const versions = [empty.version];
  const step = async (name: string, change: () => Promise<unknown>) => {
    await change();
    const now = (await versionOf(token)).version;
    expect(Number(now), name).toBeGreaterThan(Number(versions.at(-1)));
    versions.push(now);
  };
  let code = "";
  await step("created", async () => (code = (await newLink(user.id)).code));
  await step("opened", () => recordOpened({ code, openedAt: null }));
  await step("approximate share", () => shareApproximate(code, "112.198.0.1"));
  await step("precise share", () => sharePrecise(code, { latitude: 14.65, longitude: 121.05, accuracyMeters: 10 }));
  await step("revoked", () => revoke(code));
  // The three-hour limit allows one link: the next requests are stored directly.
  const second = "Vers0002";
  await db().locationRequest.create({
    data: { userId: user.id, channel: "link", requesterName: "Ana", locale: "en", code: second, title: "Lola" },
  });
  await step("declined", () => decline(second));
  // An SMS request a recipient erases from their own link.
  await db().locationRequest.update({ where: { code: second }, data: { decision: null } });
  const sms = await db().locationRequest.create({
    data: {
      userId: user.id,
      channel: "sms",
      target: "+639171234567",
      requesterName: "Ana",
      locale: "en",
      code: "Vers0001",
    },
  });
  const link = await openLink(sms.code);
  await step("recipient's erasure", () => eraseRecipientData({ ...link!, keyed: true }));
  // The maintenance job's retention changes.
  await step("position purged", async () => {
    await sharePrecise(second, { latitude: 14.6, longitude: 121, accuracyMeters: 5 });
    versions.push((await versionOf(token)).version);
    expect(await purgeOldPositions(new Date(Date.now() + 400 * DAY))).toBeGreaterThan(0);
  });
  await step("old request data forgotten", async () => {
    await db().locationRequest.update({ where: { code: second }, data: { title: "again" } });
    versions.push((await versionOf(token)).version);
    expect(await forgetOldRequestData(new Date(Date.now() + 400 * DAY))).toBeGreaterThan(0);
  });
  await step("deleted", () => db().locationRequest.delete({ where: { code: second } }));

  // Another account's activity changes nothing here.
  const before = versions.at(-1);
  const theirs = await newLink(other.user.id, "X");
  await sharePrecise(theirs.code, { latitude: 1, longitude: 2, accuracyMeters: 3 });
  await revoke(theirs.code);
  await db().locationRequest.delete({ where: { id: theirs.id } });
  expect((await versionOf(token)).version).toBe(before);
  expect((await versionOf(token)).active).toBe(true);
});

it("answers from the account's one number, not from its history", async () => {
  const { token, user } = await signedInUser();
  await newLink(user.id);
  const stored = await db().user.findUniqueOrThrow({ where: { id: user.id }, select: { requestsVersion: true } });
  expect((await versionOf(token)).version).toBe(String(stored.requestsVersion));
  // The number alone decides: set by hand, the poll says it back.
  await db().user.update({ where: { id: user.id }, data: { requestsVersion: 4242 } });
  expect((await versionOf(token)).version).toBe("4242");
});

it("is active only while a change is likely, and 401 without a session", async () => {
  const { token, user } = await signedInUser();
  const now = new Date();
  const ago = (days: number) => BigInt(now.getTime() - days * DAY);
  await newLink(user.id);
  expect((await requestsVersion(user.id, now)).active).toBe(true);
  // Nothing changed for ten days, the newest request is ten days old: checks back off.
  await db().user.update({
    where: { id: user.id },
    data: { requestsChangedAtMs: ago(10), requestCreatedAtMs: ago(10) },
  });
  expect((await requestsVersion(user.id, now)).active).toBe(false);
  // A request a few days old may still be answered: the checks stay frequent.
  await db().user.update({ where: { id: user.id }, data: { requestCreatedAtMs: ago(3) } });
  expect((await requestsVersion(user.id, now)).active).toBe(true);
  // A change within the last day, on an old history.
  await db().user.update({
    where: { id: user.id },
    data: { requestsChangedAtMs: ago(0.5), requestCreatedAtMs: ago(30) },
  });
  expect((await requestsVersion(user.id, now)).active).toBe(true);

  const res = await ask();
  expect(res.status).toBe(401);
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  expect((await ask(token)).headers.get("Cache-Control")).toBe("no-store");
});
