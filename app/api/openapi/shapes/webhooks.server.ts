// Webhooks to an integrator's server (docs/webhooks.md): the endpoints and their log as the API
// answers them, and the event a delivery POSTs (the document's top-level `webhooks`). Part of the
// answers' shapes: see ../shapes.server.ts.
import { REQUEST_EVENTS } from "~/notifications/events.server";
import type { PresentedDelivery, PresentedEndpoint } from "~/webhooks/endpoints.server";

import { z } from "../zod.server";
import { fieldsOf, id, orNull, REQUEST_STATES, time } from "./primitives.server";

export const WebhookEndpoint = fieldsOf<PresentedEndpoint>()(
  z
    .object({
      id,
      url: z.string().url().describe("Where the events are POSTed (https; loopback http only outside live mode)."),
      secret: z
        .string()
        .regex(/^whsec_[A-Za-z0-9_-]{43}$/)
        .describe("The signing secret: the HMAC-SHA-256 key of `Locator-Signature`. Keep it on your server only."),
      status: z.enum(["enabled", "disabled"]),
      disabledAt: time.nullable().describe("When 3 days of failed attempts turned it off; null while enabled."),
      consecutiveFailures: z.number().int().min(0).describe("Failed attempts since the last successful one."),
      failingSince: time.nullable().describe("The first failed attempt since the last successful one."),
      createdAt: time,
    })
    .strict(),
).openapi("WebhookEndpoint");

export const WebhookEndpointList = z.object({ endpoints: z.array(WebhookEndpoint) }).strict();

export const WebhookEndpointDeleted = z
  .object({ deleted: z.literal(true).describe("The endpoint and its delivery log are deleted.") })
  .strict();

const eventType = z.enum(REQUEST_EVENTS.map((event) => `location_request.${event}`) as [string, ...string[]]);

export const WebhookDelivery = fieldsOf<PresentedDelivery>()(
  z
    .object({
      id,
      endpointId: id,
      eventId: z.string().regex(/^evt_[0-9a-f]{24}$/),
      type: eventType,
      status: z
        .enum(["pending", "delivered", "failed"])
        .describe("`pending` while tries remain, `delivered` on a 2xx, `failed` once given up."),
      attempts: z.number().int().min(0),
      lastStatusCode: z.number().int().nullable().describe("The last attempt's HTTP status; null without an answer."),
      lastError: z.string().nullable().describe("Why the last attempt failed (`HTTP 500`, `no answer in time`, …)."),
      lastAttemptAt: time.nullable(),
      deliveredAt: time.nullable(),
      createdAt: time,
    })
    .strict(),
).openapi("WebhookDelivery");

export const WebhookDeliveryList = z.object({ deliveries: z.array(WebhookDelivery) }).strict();

/** What a delivery POSTs: never a position or the recipient's number (fetch the request for those). */
export const WebhookEvent = z
  .object({
    id: z
      .string()
      .regex(/^evt_[0-9a-f]{24}$/)
      .describe("The event's id: the same in every attempt and to every endpoint. De-duplicate by it."),
    object: z.literal("event"),
    type: eventType.describe("What happened to the request. Ignore types you do not know."),
    created: z.number().int().describe("When it happened, in Unix seconds."),
    data: z
      .object({
        requestId: id.describe("The location request: GET /api/v1/locate/requests/{id} with the account's token."),
        status: z.enum(REQUEST_STATES).describe("The request's state when the event was sent."),
        precision: orNull(z.enum(["precise", "approximate"]))
          .optional()
          .describe("For `location_request.shared`: what the recipient chose."),
      })
      .strict(),
  })
  .strict()
  .openapi("WebhookEvent");
