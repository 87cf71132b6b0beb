// Live sharing's posts as HTTP answers: JSON, 4xx for bad input, 429 with Retry-After, 410 at the end.
import { randomBytes } from "node:crypto";

import { describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { sharePrecise } from "~/location-requests/answer.server";
import { createLocationRequest } from "~/location-requests/create.server";
import { liveStart, liveStop, liveUpdate } from "~/recipient/live-routes.server";
import { recipientPaths } from "~/recipient/paths";

import { formRequest } from "../../tests/support/factories";

async function shared() {
  const user = await db().user.create({
    data: { email: `live-${randomBytes(6).toString("hex")}@example.com`, passwordHash: "x" },
  });
  const created = await createLocationRequest({ userId: user.id, channel: "link", requesterName: "Ana", locale: "en" });
  if (!created.ok) throw new Error("not created");
  await sharePrecise(created.request.code, { latitude: 14.5995, longitude: 120.9842, accuracyMeters: 12 });
  return recipientPaths(created.request.code, "en");
}

const position = { latitude: "14.6", longitude: "120.99", accuracy: "10" };

describe("the live-sharing posts", () => {
  it("start answers the secret and the end; a duration not offered is 400; a second start 409", async () => {
    const paths = await shared();
    expect((await liveStart(formRequest(paths.liveStart, { minutes: "20" }))).status).toBe(400);
    expect((await liveStart(formRequest(paths.liveStart, { minutes: "1e1" }))).status).toBe(400);
    const response = await liveStart(formRequest(paths.liveStart, { minutes: "15" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = (await response.json()) as { secret: string; liveUntil: string };
    expect(body.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(body.liveUntil).getTime()).toBeGreaterThan(Date.now());
    expect((await liveStart(formRequest(paths.liveStart, { minutes: "15" }))).status).toBe(409);
    expect((await liveStart(formRequest("/share/live?c=zzzzzzzz", { minutes: "15" }))).status).toBe(404);
  });

  it("update: 400 for a bad position, 403 for another secret, 429 with Retry-After, 410 after the stop", async () => {
    const paths = await shared();
    const { secret } = (await (await liveStart(formRequest(paths.liveStart, { minutes: "15" }))).json()) as {
      secret: string;
    };
    const update = (fields: Record<string, string>) => liveUpdate(formRequest(paths.liveUpdate, fields));
    expect((await update({ secret, ...position, latitude: "91" })).status).toBe(400);
    expect((await update({ secret: "short", ...position })).status).toBe(400);
    expect((await update({ secret: randomBytes(32).toString("base64url"), ...position })).status).toBe(403);
    // The one-off share was a moment ago and this is no move: too soon.
    const early = await update({ secret, ...position, latitude: "14.5995", longitude: "120.9842" });
    expect(early.status).toBe(429);
    expect(Number(early.headers.get("Retry-After"))).toBeGreaterThan(0);
    // A move of over 50 m may come sooner (after two seconds).
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await update({ secret, ...position })).status).toBe(204);
    expect((await liveStop(formRequest(paths.liveStop, { secret }))).status).toBe(204);
    expect((await liveStop(formRequest(paths.liveStop, { secret }))).status).toBe(410);
    expect((await update({ secret, ...position, latitude: "15" })).status).toBe(410);
    const body = new Request(`http://localhost:3000${paths.liveStop}`, { method: "POST", body: "x" });
    expect((await liveStop(body)).status).toBeGreaterThanOrEqual(400);
  });
});
