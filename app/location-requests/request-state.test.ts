// A request's life (app/location-requests/request-state.ts): every recipient action tried on every
// state, through the routes a recipient reaches (the consent page, /share, /location-failed), with the
// state that follows read back from the database.
import { describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { stateOf } from "~/location-requests/answer.server";
import { createLocationRequest } from "~/location-requests/create.server";
import { NOT_ACCEPTED } from "~/location-requests/request-state";
import { action as consentAction, loader as consentLoader } from "~/routes/consent-page";
import { loader as failedLoader } from "~/routes/location-failed";
import { action as shareAction, loader as shareLoader } from "~/routes/share";
import { DAY } from "~/utils/time";

import { matchedContext } from "../../tests/support/app-routes";
import { createUser, formRequest } from "../../tests/support/factories";
import { routeData } from "../../tests/support/route-data";
import {
  recipientMay,
  requestLabel,
  requestState,
  type RecipientAction,
  type RequestLabel,
  type RequestLife,
  type RequestState,
} from "./request-state";

const TTL_DAYS = 7;
const ORIGIN = "http://localhost:3000";
const args = (request: Request, splat?: string) => ({
  request,
  params: splat === undefined ? {} : { "*": splat },
  context: matchedContext(request.url),
});

describe("the label a person reads", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  const ages = { young: new Date(now.getTime() - DAY), old: new Date(now.getTime() - 8 * DAY) };
  const statuses = ["pending", "ip_located", "gps_tracked"] as const;
  const decisions = [null, "declined", "revoked"] as const;
  const deliveries = ["sending", "sent", "failed", NOT_ACCEPTED, "link"] as const;
  type Age = keyof typeof ages;
  type Status = (typeof statuses)[number];
  type Decision = (typeof decisions)[number];
  type Delivery = (typeof deliveries)[number];

  // Written out case by case, not from requestState, so that a change to either is caught.
  function expected(status: Status, decision: Decision, delivery: Delivery, age: Age): string {
    if (delivery === NOT_ACCEPTED) return "not_delivered/danger";
    if (decision === "revoked") return "stopped/neutral";
    if (decision === "declined") return "declined/danger";
    if (status === "gps_tracked") return "gps_tracked/ok";
    if (status === "ip_located") return "ip_located/info";
    if (delivery === "failed") return "not_delivered/danger";
    if (age === "old") return "expired/neutral";
    return delivery === "sending" ? "pending/warn+sending" : delivery === "sent" ? "pending/warn+sent" : "pending/warn";
  }
  const shown = (label: RequestLabel) => `${label.key}/${label.tone}${label.delivery ? `+${label.delivery}` : ""}`;

  it("gives every combination of status, decision, delivery and age exactly one label", () => {
    let count = 0;
    for (const status of statuses)
      for (const decision of decisions)
        for (const delivery of deliveries)
          for (const age of Object.keys(ages) as Age[]) {
            const row: RequestLife = { status, decision, delivery, createdAt: ages[age] };
            expect(shown(requestLabel(row, 7, now)), JSON.stringify({ status, decision, delivery, age })).toBe(
              expected(status, decision, delivery, age),
            );
            count++;
          }
    expect(count).toBe(3 * 3 * 5 * 2);
  });

  it("never reads Pending past the answering window, nor for a message that could not be sent", () => {
    const row = (delivery: string, createdAt: Date): RequestLife => ({
      status: "pending",
      decision: null,
      delivery,
      createdAt,
    });
    expect(requestLabel(row("sent", ages.old), 7, now).key).toBe("expired");
    expect(requestLabel(row("failed", ages.young), 7, now).key).toBe("not_delivered");
    expect(requestLabel(row("failed", ages.old), 7, now).key).toBe("not_delivered");
    // The window is REQUEST_TTL_DAYS: the same request is still open with a longer one.
    expect(requestLabel(row("sent", ages.old), 30, now).key).toBe("pending");
  });

  it("adds the Sending tag only while an unanswered message is on its way", () => {
    const withDelivery = (status: Status, decision: Decision) =>
      requestLabel({ status, decision, delivery: "sending", createdAt: ages.young }, 7, now).delivery;
    expect(withDelivery("pending", null)).toBe("sending");
    expect(withDelivery("gps_tracked", null)).toBeNull();
    expect(withDelivery("pending", "declined")).toBeNull();
    expect(
      requestLabel({ status: "pending", decision: null, delivery: "sending", createdAt: ages.old }, 7, now).delivery,
    ).toBeNull();
  });
});

describe("the state table", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  const young = new Date(now.getTime() - DAY);
  const old = new Date(now.getTime() - 8 * DAY);
  const base: RequestLife = { status: "pending", decision: null, delivery: "sent", createdAt: young };

  it("derives one state from status, decision, delivery and age", () => {
    const cases: [Partial<RequestLife>, RequestState][] = [
      [{}, "pending"],
      [{ createdAt: old }, "expired"],
      [{ status: "gps_tracked" }, "shared_precise"],
      [{ status: "ip_located", createdAt: old }, "shared_approximate"],
      [{ decision: "declined" }, "declined"],
      [{ decision: "declined", createdAt: old }, "declined"],
      [{ status: "gps_tracked", decision: "revoked" }, "stopped"],
      [{ decision: "revoked", createdAt: old }, "stopped"],
      [{ delivery: NOT_ACCEPTED }, "not_delivered"],
    ];
    for (const [fields, state] of cases)
      expect(requestState({ ...base, ...fields }, TTL_DAYS, now), JSON.stringify(fields)).toBe(state);
  });

  it("lets an expired or stopped link share nothing, and only a shared one stop", () => {
    const states: RequestState[] = [
      "not_delivered",
      "pending",
      "expired",
      "shared_precise",
      "shared_approximate",
      "declined",
      "stopped",
    ];
    const actions: RecipientAction[] = ["open", "share", "decline", "stop"];
    const allowed = (state: RequestState, windowOpen: boolean) =>
      actions.filter((action) => recipientMay(state, action, windowOpen)).join(",");
    expect(Object.fromEntries(states.map((state) => [state, allowed(state, true)]))).toEqual({
      not_delivered: "",
      pending: "open,share,decline",
      expired: "open",
      shared_precise: "open,share,decline,stop",
      shared_approximate: "open,share,decline,stop",
      declined: "open,share,decline",
      stopped: "open",
    });
    expect(Object.fromEntries(states.map((state) => [state, allowed(state, false)]))).toEqual({
      not_delivered: "",
      pending: "open",
      expired: "open",
      shared_precise: "open,stop",
      shared_approximate: "open,stop",
      declined: "open",
      stopped: "open",
    });
  });
});

/** A link request brought into `state` (with its age) the way a recipient would, or written directly. */
async function requestIn(state: string) {
  const { user } = await createUser();
  const created = await createLocationRequest({ userId: user.id, channel: "link", requesterName: "Ana", locale: "en" });
  if (!created.ok) throw new Error("not created");
  const { code } = created.request;
  const position = { latitude: 14.6, longitude: 121, accuracyMeters: 20, address: "Manila", locatedAt: new Date() };
  const aged = { createdAt: new Date(Date.now() - (TTL_DAYS + 1) * DAY) };
  const fields: Record<string, object> = {
    pending: {},
    expired: aged,
    shared: { status: "gps_tracked", ...position },
    sharedExpired: { status: "ip_located", ...position, ...aged },
    declined: { decision: "declined" },
    declinedExpired: { decision: "declined", ...aged },
    stopped: { status: "gps_tracked", decision: "revoked" },
    stoppedExpired: { status: "gps_tracked", decision: "revoked", ...aged },
  };
  await db().locationRequest.update({ where: { code }, data: fields[state]! });
  return code;
}

const consent = (code: string, fields: Record<string, string>) =>
  routeData(consentAction(args(formRequest(`/${code}`, fields, { "x-client-ip": "112.198.0.1" }), code)));
const stop = (code: string) => routeData(shareAction(args(formRequest(`/share?c=${code}`, { intent: "revoke" }))));
const row = (code: string) => db().locationRequest.findUniqueOrThrow({ where: { code } });
const shareAt = { intent: "precise", latitude: "-6.2", longitude: "106.8", accuracy: "15" };

describe("every recipient action on every state, through the routes", () => {
  // state → [share precise, share approximate, decline, stop] as: the HTTP status and the state after.
  const expected: Record<string, [string, string, string, string]> = {
    pending: ["302 shared_precise", "302 shared_approximate", "302 declined", "302 pending"],
    expired: ["410 expired", "410 expired", "410 expired", "410 expired"],
    shared: ["302 shared_precise", "302 shared_approximate", "302 declined", "302 stopped"],
    sharedExpired: ["409 shared_approximate", "409 shared_approximate", "409 shared_approximate", "302 stopped"],
    declined: ["302 shared_precise", "302 shared_approximate", "302 declined", "302 declined"],
    declinedExpired: ["409 declined", "409 declined", "409 declined", "302 declined"],
    stopped: ["409 stopped", "409 stopped", "409 stopped", "302 stopped"],
    stoppedExpired: ["409 stopped", "409 stopped", "409 stopped", "302 stopped"],
  };
  for (const [state, [precise, approximate, declined, stopped]] of Object.entries(expected)) {
    it(`${state}: share precise → ${precise}, approximate → ${approximate}, decline → ${declined}, stop → ${stopped}`, async () => {
      const after = async (answer: Promise<{ status: number }>, code: string) =>
        `${(await answer).status} ${stateOf(await row(code))}`;
      let code = await requestIn(state);
      expect(await after(consent(code, shareAt), code)).toBe(precise);
      code = await requestIn(state);
      expect(await after(consent(code, { intent: "approximate" }), code)).toBe(approximate);
      code = await requestIn(state);
      expect(await after(consent(code, { intent: "decline" }), code)).toBe(declined);
      code = await requestIn(state);
      expect(await after(stop(code), code)).toBe(stopped);
    });
  }

  it("opens nothing for a request that was not delivered: every action is 'Invalid link!'", async () => {
    const code = await requestIn("pending");
    await db().locationRequest.update({ where: { code }, data: { delivery: NOT_ACCEPTED } });
    for (const answer of [consent(code, shareAt), consent(code, { intent: "decline" }), stop(code)])
      expect((await answer).status).toBe(404);
    expect(await row(code)).toMatchObject({ status: "pending", decision: null, latitude: null });
  });

  it("never reopens an expired link: stopping it changes nothing, and the consent page stays expired", async () => {
    const code = await requestIn("expired");
    expect((await stop(code)).status).toBe(410);
    expect((await routeData(consentLoader(args(new Request(`${ORIGIN}/${code}`), code)))).status).toBe(410);
    expect((await consent(code, shareAt)).status).toBe(410);
    expect(await row(code)).toMatchObject({ status: "pending", decision: null, latitude: null });
  });

  it("keeps a stopped link stopped: no page offers the choices again, and no position is stored", async () => {
    const code = await requestIn("stopped");
    const page = await routeData(consentLoader(args(new Request(`${ORIGIN}/${code}`), code)));
    expect(page.data).toMatchObject({ kind: "consent", request: { canAnswer: false, state: "deleted" } });
    expect(
      await routeData(failedLoader(args(new Request(`${ORIGIN}/location-failed?c=${code}&reason=ip`)))),
    ).toMatchObject({
      status: 302,
    });
    expect((await routeData(shareLoader(args(new Request(`${ORIGIN}/share?c=${code}`))))).data).toMatchObject({
      kind: "share",
      request: { state: "deleted" },
    });
    expect(await row(code)).toMatchObject({ decision: "revoked", latitude: null, locatedAt: null });
  });

  it("lets a shared link be stopped long after its answering window", async () => {
    const code = await requestIn("sharedExpired");
    expect((await routeData(consentLoader(args(new Request(`${ORIGIN}/${code}`), code)))).data).toMatchObject({
      kind: "consent",
      request: { canAnswer: false, state: "shared" },
    });
    await stop(code);
    expect(await row(code)).toMatchObject({ decision: "revoked", latitude: null, address: null });
  });
});
