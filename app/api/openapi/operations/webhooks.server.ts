// The account's webhook endpoints (api/v1/personnal/webhookEndpoints/…, docs/webhooks.md) for the
// OpenAPI document: see ../operations.server.ts. What the endpoints receive is the document's
// top-level `webhooks` (../document.server.ts).
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";

import { REQUEST_EVENTS } from "~/notifications/events.server";
import { webhookEndpointInput } from "~/webhooks/endpoints.server";
import { SIGNATURE_HEADER } from "~/webhooks/signature.server";

import * as shape from "../shapes/webhooks.server";
import { z } from "../zod.server";
import {
  appHeaderMissing,
  BEARER,
  invalidField,
  jsonBodyAnswers,
  keyReused,
  malformedJson,
  methodNotAllowed,
  noToken,
  type Answer,
  type Operation,
} from "./shared.server";

const BASE = "/api/v1/personnal/webhookEndpoints";
const ONE = `${BASE}/{{endpointId}}`;
const ENDPOINT = {
  id: "cmi9x0hook001",
  url: "https://example.com/hooks/locator",
  secret: "whsec_3q2-7wVbK0xYz5Ncm1LpT8rHsD4fGjA6eUiOo9QkWtE",
  status: "enabled",
  disabledAt: null,
  consecutiveFailures: 0,
  failingSince: null,
  createdAt: "2026-11-22T05:38:39.571Z",
};
const DELIVERY = {
  id: "cmi9x0dlv0001",
  endpointId: "cmi9x0hook001",
  eventId: "evt_3f1c9a0b7e2d4c5a6b7c8d9e",
  type: "location_request.shared",
  status: "delivered",
  attempts: 1,
  lastStatusCode: 200,
  lastError: null,
  lastAttemptAt: "2026-11-22T05:41:14.000Z",
  deliveredAt: "2026-11-22T05:41:14.000Z",
  createdAt: "2026-11-22T05:41:13.000Z",
};
const params = { id: { schema: z.string().min(1).describe("The endpoint's `id`."), example: "cmi9x0hook001" } };
const noSuchEndpoint = (method: string, path = ""): Answer => ({
  description: "No such endpoint in this account (another account's id answers the same).",
  examples: {
    missing: {
      summary: "Not this account's",
      given: "subscriber",
      request: { method, path: `${BASE}/cmi9x0hook001${path}`, headers: BEARER },
      message: "webhooks.errors.notFound",
    },
  },
});
/** The 405 of a route that answers two methods (`Allow` names both, and HEAD with GET). */
const otherMethod = (allow: string, method: string, path: string): Answer => ({
  description: "Another method; `Allow` names the methods the route answers.",
  headers: ["Allow"],
  examples: {
    otherMethod: {
      summary: `${method} on this route`,
      request: { method, path, ...(method === "GET" ? {} : { body: {} }) },
      message: ["api.methodNotAllowed", { allow }],
    },
  },
});
const appHeader = { description: "A missing or malformed APP header.", examples: { appHeader: appHeaderMissing() } };

export const WEBHOOK_OPERATIONS: Record<string, Operation[]> = {
  "api/v1/personnal/webhookEndpoints": [
    {
      method: "get",
      operationId: "listWebhookEndpoints",
      tag: "Webhooks",
      summary: "The account's webhook endpoints",
      description: "Oldest first, each with its signing secret. docs/webhooks.md.",
      token: "required",
      responses: {
        200: {
          description: "The endpoints (at most 5).",
          data: shape.WebhookEndpointList,
          examples: {
            list: {
              summary: "One endpoint",
              given: "webhookEndpoint",
              request: { headers: BEARER },
              data: { endpoints: [ENDPOINT] },
            },
          },
        },
        400: appHeader,
        401: noToken(),
        405: otherMethod("GET, HEAD, POST", "DELETE", BASE),
      },
    },
    {
      method: "post",
      operationId: "addWebhookEndpoint",
      tag: "Webhooks",
      summary: "Add a webhook endpoint",
      description:
        "An https address on the public internet (in APP_MODE live: no loopback, private, link-local or multicast address, checked again at every delivery; no user name or password). Answers the endpoint with its new signing secret. At most 5 per account.",
      token: "required",
      idempotent: true,
      body: webhookEndpointInput,
      responses: {
        201: {
          description: "Added: events are sent to it from now on.",
          data: shape.WebhookEndpoint,
          examples: {
            added: {
              summary: "Added",
              given: "subscriber",
              request: { headers: BEARER, body: { url: "http://127.0.0.1:9/hooks/locator" } },
              data: { ...ENDPOINT, url: "http://127.0.0.1:9/hooks/locator" },
            },
          },
        },
        400: {
          description:
            "A missing or malformed APP header, malformed JSON, a field of the wrong type, or an address refused (named `url`).",
          examples: {
            appHeader: appHeaderMissing({ body: { url: ENDPOINT.url } }),
            malformed: malformedJson({ headers: BEARER }, "subscriber"),
            invalid: invalidField("url", { url: 42 }, { headers: BEARER }, "subscriber"),
            required: {
              summary: "No address",
              given: "subscriber",
              request: { headers: BEARER, body: { url: " " } },
              message: "webhooks.errors.urlRequired",
              field: "url",
            },
            notHttps: {
              summary: "Not https",
              given: "subscriber",
              request: { headers: BEARER, body: { url: "http://93.184.216.34/hooks" } },
              message: "webhooks.errors.scheme",
              field: "url",
            },
            private: {
              summary: "A private address",
              given: "subscriber",
              request: { headers: BEARER, body: { url: "https://169.254.169.254/latest/meta-data" } },
              message: "webhooks.errors.private",
              field: "url",
            },
          },
        },
        401: noToken({ body: { url: ENDPOINT.url } }),
        405: otherMethod("GET, HEAD, POST", "DELETE", BASE),
        409: {
          description: "The account has 5 endpoints already.",
          examples: {
            full: {
              summary: "Five already",
              given: "endpointsFull",
              request: { headers: BEARER, body: { url: "http://127.0.0.1:9/hooks/sixth" } },
              message: ["webhooks.errors.limit", { max: 5 }],
            },
          },
        },
        ...jsonBodyAnswers({ headers: BEARER }, "subscriber"),
        ...keyReused({ headers: BEARER, body: { url: "http://127.0.0.1:9/hooks/locator" } }),
      },
    },
  ],

  "api/v1/personnal/webhookEndpoints/:id": [
    {
      method: "get",
      operationId: "getWebhookEndpoint",
      tag: "Webhooks",
      summary: "One webhook endpoint",
      token: "required",
      params,
      responses: {
        200: {
          description: "The endpoint, with its signing secret.",
          data: shape.WebhookEndpoint,
          examples: {
            found: {
              summary: "Found",
              given: "webhookEndpoint",
              request: { path: ONE, headers: BEARER },
              data: ENDPOINT,
            },
          },
        },
        400: appHeader,
        401: noToken(),
        404: noSuchEndpoint("GET"),
        405: otherMethod("GET, HEAD, DELETE", "POST", `${BASE}/cmi9x0hook001`),
      },
    },
    {
      method: "delete",
      operationId: "removeWebhookEndpoint",
      tag: "Webhooks",
      summary: "Remove a webhook endpoint",
      description: "With its delivery log; deliveries still waiting are not sent.",
      token: "required",
      params,
      responses: {
        200: {
          description: "Removed.",
          data: shape.WebhookEndpointDeleted,
          examples: {
            removed: {
              summary: "Removed",
              given: "webhookEndpoint",
              request: { path: ONE, headers: BEARER },
              data: { deleted: true },
            },
          },
        },
        400: appHeader,
        401: noToken(),
        404: noSuchEndpoint("DELETE"),
        405: otherMethod("GET, HEAD, DELETE", "POST", `${BASE}/cmi9x0hook001`),
      },
    },
  ],

  "api/v1/personnal/webhookEndpoints/:id/deliveries": [
    {
      method: "get",
      operationId: "listWebhookDeliveries",
      tag: "Webhooks",
      summary: "An endpoint's delivery log",
      description: "Its newest 50 deliveries of the last 30 days, newest first.",
      token: "required",
      params,
      responses: {
        200: {
          description: "The deliveries.",
          data: shape.WebhookDeliveryList,
          examples: {
            log: {
              summary: "One delivered event",
              given: "webhookEndpoint",
              request: { path: `${ONE}/deliveries`, headers: BEARER },
              data: { deliveries: [DELIVERY] },
            },
          },
        },
        400: appHeader,
        401: noToken(),
        404: noSuchEndpoint("GET", "/deliveries"),
        405: methodNotAllowed("GET", { body: {} }),
      },
    },
  ],

  "api/v1/personnal/webhookEndpoints/:id/rollSecret": [
    {
      method: "post",
      operationId: "rollWebhookSecret",
      tag: "Webhooks",
      summary: "Make a new signing secret",
      description: "The old secret stops at once: deliveries still waiting are signed with the new one. No body.",
      token: "required",
      idempotent: true,
      params,
      responses: {
        200: {
          description: "The endpoint with its new secret.",
          data: shape.WebhookEndpoint,
          examples: {
            rolled: {
              summary: "Rolled",
              given: "webhookEndpoint",
              request: { path: `${ONE}/rollSecret`, headers: BEARER },
              data: ENDPOINT,
            },
          },
        },
        400: appHeader,
        401: noToken(),
        404: noSuchEndpoint("POST", "/rollSecret"),
        405: methodNotAllowed("POST"),
      },
    },
  ],

  "api/v1/personnal/webhookEndpoints/:id/enable": [
    {
      method: "post",
      operationId: "enableWebhookEndpoint",
      tag: "Webhooks",
      summary: "Turn a disabled endpoint on again",
      description: "Its run of failures starts from nothing. Events from while it was off are not sent. No body.",
      token: "required",
      params,
      responses: {
        200: {
          description: "The endpoint, enabled.",
          data: shape.WebhookEndpoint,
          examples: {
            enabled: {
              summary: "Enabled",
              given: "webhookEndpoint",
              request: { path: `${ONE}/enable`, headers: BEARER },
              data: ENDPOINT,
            },
          },
        },
        400: appHeader,
        401: noToken(),
        404: noSuchEndpoint("POST", "/enable"),
        405: methodNotAllowed("POST"),
      },
    },
  ],
};

/**
 * The document's top-level `webhooks` (OpenAPI 3.1): what each endpoint receives, one entry per event
 * type, all of the one WebhookEvent shape and signed with `Locator-Signature`.
 */
export function registerEventWebhooks(registry: OpenAPIRegistry) {
  // The generator collects components from paths only: the event's schema is registered by name.
  registry.register("WebhookEvent", shape.WebhookEvent);
  for (const event of REQUEST_EVENTS) {
    const type = `location_request.${event}`;
    registry.registerWebhook({
      method: "post",
      path: type,
      // "locationRequestShared", "locationRequestLiveStarted", …: a name generated clients can use.
      operationId: `locationRequest${event.replace(/(^|_)(\w)/g, (_m, _s, c: string) => c.toUpperCase())}`,
      // Not a call to this API: the signature (above) is the sender's proof, no scheme of the API's.
      security: [],
      tags: ["Webhooks"],
      summary: `${type}, POSTed to each enabled endpoint of the account`,
      description:
        "Signed with the endpoint's secret: verify `Locator-Signature` on the raw body before trusting it (docs/webhooks.md has a Node snippet). At least once: de-duplicate by `id`. Answer any 2xx within PROVIDER_TIMEOUT_MS (8 s); anything else, a redirect included, is tried again after 1 min, then twice as long each time (14 tries over about 3½ days); 3 days of failed attempts disable the endpoint and e-mail its owner.",
      request: {
        headers: z.object({
          [SIGNATURE_HEADER]: z
            .string()
            .regex(/^t=\d+,v1=[0-9a-f]{64}$/)
            .describe(
              '`t=<unix seconds>,v1=<hex>`: the hex HMAC-SHA-256 of `t + "." + rawBody` keyed with the endpoint\'s signing secret, made at this attempt. Refuse a `t` more than a few minutes from your clock.',
            ),
          "Content-Type": z.literal("application/json"),
        }),
        body: {
          required: true,
          content: {
            "application/json": {
              schema: shape.WebhookEvent,
              example: {
                id: "evt_3f1c9a0b7e2d4c5a6b7c8d9e",
                object: "event",
                type,
                created: 1764345600,
                data: {
                  requestId: "cmi9x0abc0001",
                  status: event === "declined" || event === "expired" ? event : "shared_precise",
                  ...(event === "shared" ? { precision: "precise" } : {}),
                },
              },
            },
          },
        },
      },
      responses: {
        200: { description: "Any 2xx acknowledges the delivery; its body is not read." },
      },
    });
  }
}
