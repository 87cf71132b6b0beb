// My Subscription: a cancelled subscription can be kept before it ends where the provider allows it
// (Stripe clears cancel_at_period_end through the real SDK on the local fake; the sandbox only changes
// here), PayPal's says how to subscribe again, and the page links to the refund request, which a
// signed-in person can open. The cancel dialog reads what the page under it shows.
import { describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { readFlash } from "~/utils/toast.server";

import { allowConsoleError } from "../../tests/support/console";
import { formRequest, routeArgs, signedInUser } from "../../tests/support/factories";
import { stripeFakeForTests } from "../../tests/support/provider-fakes";
import { routeData } from "../../tests/support/route-data";
import { loader as cancelLoader } from "./dashboard.modules.cancel";
import { action, loader } from "./dashboard.modules.my-subscription";
import { loader as successLoader } from "./dashboard.modules.success";
import { loader as refundLoader } from "./unsubscribe-and-refund";

const fake = stripeFakeForTests();

const PATH = "/dashboard/modules/MySubscription";
const cookie = (token: string) => ({ Cookie: `token=${token}` });
const get = (path: string, token: string) => new Request(`http://localhost:3000${path}`, { headers: cookie(token) });
const resume = (token: string, path = PATH) =>
  action(routeArgs(formRequest(path, { intent: "resume" }, cookie(token)))) as Promise<Response>;

async function toastOf(response: Response) {
  const flash = /^(flash=[^;]*)/.exec(response.headers.get("Set-Cookie") ?? "")?.[1] ?? "";
  return (await readFlash(new Request("http://localhost:3000/", { headers: { Cookie: flash } }))).flash?.toast;
}

/** A signed-in user whose subscription was cancelled at period end, at `provider`. */
async function cancelled(provider: string | null, days = 12) {
  const created = await signedInUser({ state: "cancelled", days });
  const sub = await db().subscription.update({
    where: { userId: created.user.id },
    data: {
      provider,
      providerSubscriptionId: provider && provider !== "sandbox" ? `sub_${created.user.id}` : null,
      cancelAtPeriodEnd: true,
      nextChargeAt: null,
      lastEventAt: new Date(Date.now() - 60_000),
    },
  });
  return { ...created, sub };
}
const stored = (userId: string) => db().subscription.findUniqueOrThrow({ where: { userId } });

describe("keeping a cancelled subscription", () => {
  it("at Stripe: clears cancel_at_period_end, renews again from the end of the paid period", async () => {
    const { user, token, sub } = await cancelled("stripe");
    expect((await routeData(loader(routeArgs(get(PATH, token))))).data.resume).toBe("resume");

    const answer = await resume(token, `/ph${PATH}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/ph${PATH}`);
    expect(await toastOf(answer)).toMatchObject({ type: "success", key: "payments.my.resumed" });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ method: "POST", url: `/v1/subscriptions/${sub.providerSubscriptionId}` });
    expect(new URLSearchParams(fake.requests[0]!.body).get("cancel_at_period_end")).toBe("false");
    expect(await stored(user.id)).toMatchObject({
      state: "active",
      cancelAtPeriodEnd: false,
      nextChargeAt: sub.validUntil,
    });
    const after = (await routeData(loader(routeArgs(get(PATH, token))))).data;
    expect(after.resume).toBeNull();
    expect(after.subscription).toMatchObject({ state: "Active", nextDebitDay: sub.validUntil.toISOString() });
  });

  it("changes nothing when Stripe refuses, and says so", async () => {
    allowConsoleError();
    const { user, token } = await cancelled("stripe");
    fake.control.cancelFailures = 1;
    const answer = await resume(token);
    expect(await toastOf(answer)).toMatchObject({ type: "error", key: "payments.errors.provider" });
    expect(await stored(user.id)).toMatchObject({ state: "cancelled", cancelAtPeriodEnd: true, nextChargeAt: null });
  });

  it("in the embedded sandbox: only here, the next renewal at the end of the paid period", async () => {
    const { user, token, sub } = await cancelled("sandbox");
    await resume(token);
    expect(fake.requests).toHaveLength(0);
    expect(await stored(user.id)).toMatchObject({
      state: "active",
      cancelAtPeriodEnd: false,
      nextChargeAt: sub.validUntil,
    });
  });

  it("at PayPal: cannot be undone, the page says how to subscribe again, and nothing changes", async () => {
    const { user, token } = await cancelled("paypal");
    const page = (await routeData(loader(routeArgs(get(PATH, token))))).data;
    expect(page.resume).toBe("subscribeAgain");
    const answer = await resume(token);
    expect(await toastOf(answer)).toMatchObject({ type: "error", key: "payments.my.subscribeAgain" });
    expect(fake.requests).toHaveLength(0);
    expect(await stored(user.id)).toMatchObject({ state: "cancelled", cancelAtPeriodEnd: true });
  });

  it("refuses what is not cancelled or has already ended", async () => {
    const active = await signedInUser();
    expect(await toastOf(await resume(active.token))).toMatchObject({ key: "payments.my.resumeNone" });
    expect(await stored(active.user.id)).toMatchObject({ state: "active" });

    const ended = await cancelled("stripe", -2);
    expect((await routeData(loader(routeArgs(get(PATH, ended.token))))).data.resume).toBeNull();
    expect(await toastOf(await resume(ended.token))).toMatchObject({ key: "payments.my.resumeNone" });
    expect(await stored(ended.user.id)).toMatchObject({ state: "cancelled" });

    const other = await signedInUser();
    const odd = await action(routeArgs(formRequest(PATH, { intent: "delete" }, cookie(other.token))));
    expect(await toastOf(odd as Response)).toMatchObject({ type: "error", key: "payments.my.resumeNone" });
    expect(fake.requests).toHaveLength(0);
  });
});

describe("the pages around it", () => {
  it("opens the cancel dialog over My Subscription: its loader reads what that page shows", async () => {
    const { token } = await signedInUser();
    const { data } = await routeData(
      cancelLoader(routeArgs(get("/dashboard/modules/cancleMySubscriptionModal", token))),
    );
    expect(data.subscription).toMatchObject({ state: "Active" });
    expect(data.paid).toMatchObject({ payments: [] });
    expect(data.resume).toBeNull();
  });

  it("opens the success dialog over the dashboard it leads to", async () => {
    const { token } = await signedInUser();
    const { data } = await routeData(successLoader(routeArgs(get("/ph/dashboard/modules/SuccessModal", token))));
    expect(data.tab).toBe("history");
    expect(data.list).toMatchObject({ items: [] });
    expect(data.subscription).toMatchObject({ access: true });
    expect(data.title).toBe("Matagumpay ang pagbabayad");
  });

  it("lets a signed-in person open the refund page instead of sending them away", async () => {
    const { token } = await signedInUser();
    const answer = await routeData(refundLoader(routeArgs(get("/unsubscribe-and-refund", token))));
    expect(answer.status).toBe(200);
  });
});
