import { describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { runMaintenance } from "~/jobs/maintenance.server";
import { DAY } from "~/utils/time";

import { apiRequest, routeArgs, signedInUser } from "../../tests/support/factories";
import { action as registerAndSign } from "../routes/api.v1.auth.register-and-sign";
import { action as createLink } from "../routes/api.v1.locate.create-link";
import { action as sendSms } from "../routes/api.v1.locate.send-sms";

const LINK = { requesterName: "Ana", title: "Dad's phone" };

function link(token: string, key: string | null, json: unknown = LINK) {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (key !== null) headers["Idempotency-Key"] = key;
  return createLink(routeArgs(apiRequest("/api/v1/locate/createLink", { json, headers })));
}

const requestsOf = (userId: string) => db().locationRequest.count({ where: { userId } });

describe("Idempotency-Key", () => {
  it("answers a repeat after success with the first answer, without creating a second request", async () => {
    const { user, token } = await signedInUser();
    const first = await link(token, "key-1");
    expect(first.status).toBe(200);
    const firstBody = await first.text();
    const again = await link(token, "key-1");
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(firstBody);
    expect(again.headers.get("Idempotency-Replayed")).toBe("true");
    expect(first.headers.get("Idempotency-Replayed")).toBeNull();
    expect(await requestsOf(user.id)).toBe(1);
    // Without the key the three-hour limit answers, as before.
    expect((await link(token, null)).status).toBe(429);
  });

  it("answers concurrent repeats once: they wait for the first and get its answer", async () => {
    const { user, token } = await signedInUser();
    const answers = await Promise.all(Array.from({ length: 5 }, () => link(token, "same-time")));
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(bodies).size).toBe(1);
    expect(await requestsOf(user.id)).toBe(1);
  });

  it("refuses the same key with another body with 422 idempotency_key_reused", async () => {
    const { token } = await signedInUser();
    expect((await link(token, "key-2")).status).toBe(200);
    const other = await link(token, "key-2", { ...LINK, title: "Mum's phone" });
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ status: 422, code: "idempotency_key_reused", field: "Idempotency-Key" });
  });

  it("refuses the same key on another route with 422", async () => {
    const { token } = await signedInUser();
    expect((await link(token, "key-3")).status).toBe(200);
    const sms = await sendSms(
      routeArgs(
        apiRequest("/api/v1/locate/sendSms", {
          json: LINK,
          headers: { Authorization: `Bearer ${token}`, "Idempotency-Key": "key-3" },
        }),
      ),
    );
    expect(sms.status).toBe(422);
  });

  it("keeps each account's keys apart", async () => {
    const a = await signedInUser();
    const b = await signedInUser();
    const first = await (await link(a.token, "shared")).json();
    const second = await (await link(b.token, "shared")).json();
    expect(second.status).toBe(200);
    expect(second.data.id).not.toBe(first.data.id);
  });

  it("does not keep an answer about the moment: a repeat after 429 is a new try", async () => {
    const { token } = await signedInUser();
    expect((await link(token, null)).status).toBe(200);
    expect((await link(token, "after-limit")).status).toBe(429);
    expect(await db().idempotentRequest.count({ where: { key: "after-limit" } })).toBe(0);
  });

  it("refuses an empty or over-long key with 400 idempotency_key_invalid", async () => {
    const { token } = await signedInUser();
    for (const key of ["", "k".repeat(256), "with space"]) {
      const answer = await link(token, key);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ code: "idempotency_key_invalid", field: "Idempotency-Key" });
    }
  });

  it("takes over a key whose first request died, and forgets keys after 24 hours", async () => {
    const { user, token } = await signedInUser();
    await db().idempotentRequest.create({
      data: {
        scope: `user:${user.id}`,
        key: "orphan",
        fingerprint: "x",
        lockedUntil: new Date(Date.now() - 1000),
      },
    });
    expect((await link(token, "orphan")).status).toBe(200);
    expect(await db().idempotentRequest.count({ where: { scope: `user:${user.id}` } })).toBe(1);
    await runMaintenance(new Date(Date.now() + DAY + 60_000));
    expect(await db().idempotentRequest.count({ where: { scope: `user:${user.id}` } })).toBe(0);
  });

  it("replays registerAndSign's checkout and its cookie, opening one checkout", async () => {
    const buyer = { name: "Ana", surname: "Reyes", email: `idem-${Date.now()}@example.com`, adult: true };
    const send = () =>
      registerAndSign(
        routeArgs(
          apiRequest("/api/v1/auth/registerAndSign/stripe", {
            json: buyer,
            headers: { "Idempotency-Key": "checkout-1" },
            ip: "203.0.113.77",
          }),
          { provider: "stripe" },
        ),
      );
    const first = await send();
    expect(first.status).toBe(200);
    const again = await send();
    expect(await again.json()).toEqual(await first.json());
    expect(again.headers.get("Set-Cookie")).toBe(first.headers.get("Set-Cookie"));
    expect(await db().checkout.count({ where: { email: buyer.email } })).toBe(1);
  });
});
