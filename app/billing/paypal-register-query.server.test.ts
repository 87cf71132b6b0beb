// The register query when PayPal's webhook is late or lost: the app asks PayPal for the subscription
// (the official SDK against a local fake of its API), signs up once, and the late webhook changes nothing.
import { describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { DAY } from "~/utils/time";

import {
  activated,
  allowQueryNow,
  buy,
  deliver,
  iso,
  mails,
  paths,
  query,
  signInWith,
  T0,
  userOf,
} from "../../tests/support/paypal-checkout";
import { paypalFakeForTests } from "../../tests/support/provider-fakes";

const fake = paypalFakeForTests();

describe("PayPal: the register query when the webhook is late or lost", () => {
  it("asks PayPal for the subscription, signs up once, and the late webhook changes nothing", async () => {
    const { id, sub, email: address } = await buy();
    fake.requests.length = 0;
    // Not approved yet: still pending after asking.
    expect(await query(id)).toEqual({ status: "pending", authCode: null });
    expect(paths(fake)).toEqual([`GET /v1/billing/subscriptions/${sub}`]);

    // Approved and activated at PayPal; the webhook never came. A query within the interval does not ask.
    Object.assign(fake.subs.get(sub)!, { status: "ACTIVE", next_billing_time: iso(T0 + DAY) });
    expect(await query(id)).toEqual({ status: "pending", authCode: null });
    expect(fake.requests).toHaveLength(1);
    await allowQueryNow(id);

    const answer = await query(id);
    expect(answer).toEqual({ status: "success", authCode: expect.any(String) });
    const login = await signInWith(id, answer.authCode);
    expect(login.status).toBe(200);
    const user = (await userOf(address))!;
    expect(user.subscription).toMatchObject({
      state: "trial",
      provider: "paypal",
      providerSubscriptionId: sub,
      providerCustomerId: "PAYER1",
    });
    expect(await mails(address)).toBe(1);

    // The webhook arrives after all: no second account, e-mail or sign-in code.
    expect((await deliver(activated(sub, id, Date.now()))).status).toBe(200);
    expect(await db().user.count({ where: { email: address } })).toBe(1);
    expect(await mails(address)).toBe(1);
    expect(await query(id)).toEqual({ status: "success", authCode: null });
    expect((await userOf(address))!.subscription!.id).toBe(user.subscription!.id);
  });

  it("a webhook and a query at the same time make one account and one e-mail", async () => {
    const { id, sub, email: address } = await buy();
    Object.assign(fake.subs.get(sub)!, { status: "ACTIVE", next_billing_time: iso(T0 + DAY) });
    const [hook, answer] = await Promise.all([deliver(activated(sub, id)), query(id)]);
    expect(hook.status).toBe(200);
    expect(answer.status === "success" || answer.status === "pending").toBe(true);
    expect(await db().user.count({ where: { email: address } })).toBe(1);
    expect(await mails(address)).toBe(1);
    const codes = [answer.authCode, (await query(id)).authCode].filter(Boolean);
    expect(codes).toHaveLength(1);
  });

  it("reports a subscription cancelled before activation as unsubscribed", async () => {
    const { id, sub } = await buy();
    fake.subs.get(sub)!.status = "CANCELLED";
    expect(await query(id)).toEqual({ status: "unsubscribed", authCode: null });
  });
});
