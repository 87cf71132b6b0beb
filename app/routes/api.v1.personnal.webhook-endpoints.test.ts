// The API of webhook endpoints (docs/api.md, "Webhooks to your server"): an account adds, lists,
// reads, rolls, enables and removes its own endpoints and reads their log; another account's id is
// 404 like a missing one; refused addresses and the limit answer their codes.
import { describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { accountExport } from "~/privacy/export.server";
import { resetConfig } from "~/server/config.server";

import { apiRequest, readEnvelope, routeArgs, signedInUser } from "../../tests/support/factories";
import { loader as getOne, action as remove } from "./api.v1.personnal.webhook-endpoint";
import { loader as deliveries } from "./api.v1.personnal.webhook-endpoint.deliveries";
import { action as enable } from "./api.v1.personnal.webhook-endpoint.enable";
import { action as roll } from "./api.v1.personnal.webhook-endpoint.roll-secret";
import { action as add, loader as list } from "./api.v1.personnal.webhook-endpoints";

const BASE = "/api/v1/personnal/webhookEndpoints";
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

type Endpoint = {
  id: string;
  url: string;
  secret: string;
  status: string;
  consecutiveFailures: number;
  createdAt: string;
};
type Failure = { code: string; field: string | null; message: string };

async function added(token: string, url: string, headers: Record<string, string> = {}) {
  const response = await add(routeArgs(apiRequest(BASE, { json: { url }, headers: { ...auth(token), ...headers } })));
  return { status: response.status, body: (await response.json()) as { data: Endpoint } & Failure };
}

describe(BASE, () => {
  it("adds an endpoint with its secret, lists, reads, rolls its secret, enables and removes it", async () => {
    const { token, user } = await signedInUser();
    const created = await added(token, "http://127.0.0.1:4999/hook");
    expect(created.status).toBe(201);
    const endpoint = created.body.data;
    expect(endpoint).toMatchObject({ url: "http://127.0.0.1:4999/hook", status: "enabled", consecutiveFailures: 0 });
    expect(endpoint.secret).toMatch(/^whsec_/);

    const listed = await readEnvelope<{ endpoints: Endpoint[] }>(
      await list(routeArgs(apiRequest(BASE, { headers: auth(token) }))),
    );
    expect(listed.data!.endpoints).toEqual([endpoint]);
    const one = await getOne(
      routeArgs(apiRequest(`${BASE}/${endpoint.id}`, { headers: auth(token) }), { id: endpoint.id }),
    );
    expect((await readEnvelope<Endpoint>(one)).data).toEqual(endpoint);

    const rolled = await roll(
      routeArgs(apiRequest(`${BASE}/${endpoint.id}/rollSecret`, { method: "POST", headers: auth(token) }), {
        id: endpoint.id,
      }),
    );
    const newSecret = (await readEnvelope<Endpoint>(rolled)).data!.secret;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(endpoint.secret);

    await db().webhookEndpoint.update({
      where: { id: endpoint.id },
      data: { disabledAt: new Date(), consecutiveFailures: 9, failingSince: new Date() },
    });
    const enabled = await enable(
      routeArgs(apiRequest(`${BASE}/${endpoint.id}/enable`, { method: "POST", headers: auth(token) }), {
        id: endpoint.id,
      }),
    );
    expect((await readEnvelope<Endpoint>(enabled)).data).toMatchObject({
      status: "enabled",
      consecutiveFailures: 0,
      failingSince: null,
      disabledAt: null,
    });

    await db().webhookDelivery.create({
      data: {
        endpointId: endpoint.id,
        eventId: "evt_1",
        type: "location_request.shared",
        body: "{}",
        attempts: 1,
        lastStatus: 200,
        deliveredAt: new Date(),
      },
    });
    const log = await deliveries(
      routeArgs(apiRequest(`${BASE}/${endpoint.id}/deliveries`, { headers: auth(token) }), { id: endpoint.id }),
    );
    expect((await readEnvelope<{ deliveries: unknown[] }>(log)).data!.deliveries).toMatchObject([
      { eventId: "evt_1", type: "location_request.shared", status: "delivered", attempts: 1, lastStatusCode: 200 },
    ]);

    const removed = await remove(
      routeArgs(apiRequest(`${BASE}/${endpoint.id}`, { method: "DELETE", headers: auth(token) }), { id: endpoint.id }),
    );
    expect((await readEnvelope(removed)).data).toEqual({ deleted: true });
    expect(await db().webhookEndpoint.count({ where: { userId: user.id } })).toBe(0);
    expect(await db().webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(0);
  });

  it("answers 404 endpoint_not_found for another account's endpoint, and changes nothing", async () => {
    const owner = await signedInUser();
    const stranger = await signedInUser();
    const { id, secret } = (await added(owner.token, "http://127.0.0.1:4999/hook")).body.data;
    const as = (method: string, path: string) =>
      routeArgs(apiRequest(`${BASE}/${id}${path}`, { method, headers: auth(stranger.token) }), { id });
    for (const response of [
      await getOne(as("GET", "")),
      await remove(as("DELETE", "")),
      await roll(as("POST", "/rollSecret")),
      await enable(as("POST", "/enable")),
      await deliveries(as("GET", "/deliveries")),
    ]) {
      expect(response.status).toBe(404);
      expect(((await response.json()) as Failure).code).toBe("endpoint_not_found");
    }
    expect(await db().webhookEndpoint.findUniqueOrThrow({ where: { id } })).toMatchObject({ secret });
  });

  it("refuses addresses it must not send to, naming the field", async () => {
    const { token } = await signedInUser();
    const cases: [unknown, number, string][] = [
      ["", 400, "url_required"],
      ["not a url", 400, "url_invalid"],
      ["http://93.184.216.34/hook", 400, "url_refused"],
      ["https://10.0.0.8/hook", 400, "url_refused"],
      ["https://169.254.169.254/latest", 400, "url_refused"],
      ["https://user:pw@93.184.216.34/", 400, "url_refused"],
      [42, 400, "field_invalid"],
    ];
    for (const [url, status, code] of cases) {
      const { status: got, body } = await added(token, url as string);
      expect([got, body.code, body.field], String(url)).toEqual([status, code, "url"]);
    }
    const ph = await add(
      routeArgs(
        apiRequest(BASE, { json: { url: "https://10.0.0.8/" }, headers: { ...auth(token), "Accept-Language": "fil" } }),
      ),
    );
    expect(((await ph.json()) as Failure).message).toBe(
      "Tumuturo ang URL sa pribado o lokal na network. Gumamit ng address sa pampublikong internet",
    );
  });

  it("refuses loopback over http in live mode", async () => {
    const { token } = await signedInUser();
    process.env.APP_MODE = "live";
    resetConfig();
    try {
      expect((await added(token, "http://127.0.0.1:4999/hook")).body.code).toBe("url_refused");
      expect((await added(token, "https://127.0.0.1:4999/hook")).body.code).toBe("url_refused");
    } finally {
      delete process.env.APP_MODE;
      resetConfig();
    }
  });

  it("keeps at most 5 endpoints: the sixth is 409 endpoint_limit_reached", async () => {
    const { token } = await signedInUser();
    for (let i = 0; i < 5; i++) expect((await added(token, `http://127.0.0.1:4999/hook/${i}`)).status).toBe(201);
    const sixth = await added(token, "http://127.0.0.1:4999/hook/6");
    expect([sixth.status, sixth.body.code]).toEqual([409, "endpoint_limit_reached"]);
  });

  it("answers an Idempotency-Key's repeat with the first endpoint, not a second one", async () => {
    const { token, user } = await signedInUser();
    const key = { "Idempotency-Key": "add-hook-1" };
    const first = await added(token, "http://127.0.0.1:4999/hook", key);
    const again = await added(token, "http://127.0.0.1:4999/hook", key);
    expect(again.body.data).toEqual(first.body.data);
    expect(await db().webhookEndpoint.count({ where: { userId: user.id } })).toBe(1);
  });

  it("is in the account's data export, without its signing secret", async () => {
    const { token, user } = await signedInUser();
    const { body } = await added(token, "http://127.0.0.1:4999/hook");
    const exported = await accountExport(user.id);
    expect(exported.webhookEndpoints).toEqual([
      { url: "http://127.0.0.1:4999/hook", status: "enabled", disabledAt: null, createdAt: body.data.createdAt },
    ]);
    expect(JSON.stringify(exported)).not.toContain(body.data.secret);
  });

  it("needs a token", async () => {
    const response = await list(routeArgs(apiRequest(BASE)));
    expect(response.status).toBe(401);
  });
});
