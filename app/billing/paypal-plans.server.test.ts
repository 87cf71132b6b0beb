// PayPal's plans (the official SDK against a local fake of its API): the currency a buyer is charged in
// where PayPal takes no local one, and a returning subscriber's plan without the trial cycle.
import { describe, expect, it } from "vitest";

import { paymentTerms, planFor, planWarnings } from "~/billing/plans.server";
import { db } from "~/db/db.server";
import { action as registerAndSign } from "~/routes/api.v1.auth.register-and-sign";

import { apiRequest, readEnvelope, routeArgs, signedInUser } from "../../tests/support/factories";
import { email } from "../../tests/support/paypal-checkout";
import { paypalFakeForTests } from "../../tests/support/provider-fakes";

const fake = paypalFakeForTests();

describe("PayPal and the plan currencies", () => {
  it("charges /id buyers the default USD plan (PayPal takes no IDR), shows the same terms, and warns at start-up", async () => {
    expect(planFor("id")).toMatchObject({ currency: "USD", firstDayAmount: 99, amount: 2999, plan: "usd-30d" });
    expect(paymentTerms("id")).toMatchObject({ currencyCode: "USD", amount: expect.stringMatching(/29[.,]99/) });
    // PHP is one of PayPal's currencies: the Filipino plan stays.
    expect(planFor("ph")).toMatchObject({ currency: "PHP", amount: 149900 });
    expect(planWarnings()).toEqual(["PayPal does not take IDR: /id buyers are charged the default plan (USD)"]);

    fake.requests.length = 0;
    const response = await registerAndSign({
      ...routeArgs(
        apiRequest("/api/v1/auth/registerAndSign/paypal", {
          json: { name: "Budi", surname: "Santoso", email: email(), adult: true, locale: "id" },
        }),
      ),
      params: { provider: "paypal" },
    });
    expect(response.status).toBe(200);
    const { id } = (await readEnvelope<{ id: string }>(response)).data!;
    expect(await db().checkout.findUniqueOrThrow({ where: { id } })).toMatchObject({
      currency: "USD",
      amount: 2999,
      firstDayAmount: 99,
    });
    const bodies = fake.requests.map((r) => r.body).join("\n");
    expect(bodies).not.toContain("IDR");
  });
});

describe("PayPal renewal of a returning subscriber", () => {
  it("uses a plan without the trial cycle: the regular price from the first charge", async () => {
    const { email: address, token } = await signedInUser({ days: -2 });
    fake.requests.length = 0;
    const response = await registerAndSign({
      ...routeArgs(
        apiRequest("/api/v1/auth/registerAndSign/paypal", {
          json: { name: "Juan", surname: "Dela Cruz", email: address, adult: true, locale: "en" },
          headers: { Authorization: token },
        }),
      ),
      params: { provider: "paypal" },
    });
    expect(response.status).toBe(200);
    const plan = fake.requests.find((r) => r.url.startsWith("/v1/billing/plans"));
    expect(JSON.parse(plan!.body).billing_cycles).toEqual([
      expect.objectContaining({
        tenure_type: "REGULAR",
        sequence: 1,
        total_cycles: 0,
        pricing_scheme: { fixed_price: { currency_code: "USD", value: "29.99" } },
      }),
    ]);
  });
});
