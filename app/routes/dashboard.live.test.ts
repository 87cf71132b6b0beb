import { expect, it } from "vitest";

import { db } from "~/db.server";
import {
  createLocationRequest,
  requestsVersion,
  revoke,
  shareApproximate,
  sharePrecise,
} from "~/location-requests/requests.server";

import { routeArgs, signedInUser } from "../../tests/support/factories";
import { loader } from "./dashboard.live";

const ask = (token?: string) =>
  loader(
    routeArgs(
      new Request("http://localhost:3000/dashboard/live", { headers: token ? { Cookie: `token=${token}` } : {} }),
    ),
  ) as Promise<Response>;
const versionOf = async (token: string) => (await (await ask(token)).json()) as { version: string; active: boolean };

it("moves its version on every change the lists show, not only a pending request's first share", async () => {
  const { token, user } = await signedInUser();
  const other = await signedInUser();
  const empty = await versionOf(token);
  expect(empty).toEqual({ version: "0.0", active: false });

  const created = await createLocationRequest({
    userId: user.id,
    channel: "link",
    requesterName: "Ana",
    locale: "en",
    title: "Tito",
  });
  if (!created.ok) throw new Error("not created");
  const code = created.request.code;
  const versions = [empty.version, (await versionOf(token)).version];
  const step = async (change: () => Promise<unknown>) => {
    // updatedAt has millisecond precision: let the clock move so two writes never share a stamp.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await change();
    versions.push((await versionOf(token)).version);
  };
  await step(() => shareApproximate(code, "112.198.0.1"));
  await step(() => sharePrecise(code, { latitude: 14.65, longitude: 121.05, accuracyMeters: 10 }));
  await step(() => revoke(code));
  // Another account's activity changes nothing here.
  const before = versions.at(-1);
  await createLocationRequest({ userId: other.user.id, channel: "link", requesterName: "B", locale: "en", title: "X" });
  expect((await versionOf(token)).version).toBe(before);

  expect(new Set(versions).size).toBe(versions.length);
  expect((await versionOf(token)).active).toBe(true);
});

it("is active only while a change is likely, and 401 without a session", async () => {
  const { token, user } = await signedInUser();
  const now = new Date();
  const old = new Date(now.getTime() - 10 * 24 * 3600 * 1000);
  await db().locationRequest.create({
    data: {
      userId: user.id,
      channel: "link",
      requesterName: "Ana",
      locale: "en",
      code: "Live0001",
      status: "gps_tracked",
      createdAt: old,
    },
  });
  await db().$executeRaw`UPDATE "LocationRequest" SET "updatedAt" = ${old} WHERE "code" = 'Live0001'`;
  expect((await requestsVersion(user.id, now)).active).toBe(false);
  // A request still waiting for its recipient, a few days old, keeps the checks frequent.
  const days = new Date(now.getTime() - 3 * 24 * 3600 * 1000);
  await db().locationRequest.create({
    data: { userId: user.id, channel: "link", requesterName: "Ana", locale: "en", code: "Live0002", createdAt: days },
  });
  await db().$executeRaw`UPDATE "LocationRequest" SET "updatedAt" = ${days} WHERE "code" = 'Live0002'`;
  expect((await requestsVersion(user.id, now)).active).toBe(true);

  const res = await ask();
  expect(res.status).toBe(401);
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  expect((await ask(token)).headers.get("Cache-Control")).toBe("no-store");
});
