// A live share's trail (api/v1/locate/requests/:id/trail, docs/decisions/049) for the OpenAPI
// document: see ../operations.server.ts.
import { trailQuery } from "~/location-requests/live-trail.server";

import * as shape from "../shapes.server";
import { z } from "../zod.server";
import { appHeaderMissing, BEARER, methodNotAllowed, noToken, type Operation } from "./shared.server";

const POSITION = (id: number, latitude: number, longitude: number, recordedAt: string) => ({
  id,
  latitude,
  longitude,
  accuracyMeters: 12,
  recordedAt,
});

export const LIVE_OPERATIONS: Record<string, Operation[]> = {
  "api/v1/locate/requests/:id/trail": [
    {
      method: "get",
      operationId: "getRequestTrail",
      tag: "Location requests",
      summary: "A live share's trail",
      description:
        "The positions of a live share, oldest first, paged by key: ask with `after` = the `nextAfter` of the page already read to get only what is new (each page costs the same however long the trail). The request's own `latitude` and `longitude` are the newest position. Only the newest 100 positions are kept, and they are deleted with the request's position (docs/privacy.md).",
      token: "required",
      params: { id: { schema: z.string().min(1).describe("The request's `id`."), example: "cmi9x0abc0001" } },
      query: trailQuery,
      responses: {
        200: {
          description: "One page of the trail.",
          data: shape.TrailPage,
          examples: {
            page: {
              summary: "The positions after one already read",
              given: "liveShare",
              request: { path: "/api/v1/locate/requests/{{requestId}}/trail?after={{after}}&limit=2", headers: BEARER },
              data: {
                live: "live",
                liveUntil: "2026-11-22T06:41:13.000Z",
                liveEndedAt: null,
                items: [
                  POSITION(41, 14.6507, 121.0494, "2026-11-22T05:41:13.000Z"),
                  POSITION(42, 14.6512, 121.0501, "2026-11-22T05:41:23.000Z"),
                ],
                more: true,
                nextAfter: 42,
              },
            },
          },
        },
        400: {
          description: "A missing or malformed APP header, or a query value out of range (named).",
          examples: {
            appHeader: appHeaderMissing(),
            limit: {
              summary: "limit over 100",
              given: "liveShare",
              request: { path: "/api/v1/locate/requests/{{requestId}}/trail?limit=500", headers: BEARER },
              message: ["api.invalidField", { field: "limit" }],
            },
          },
        },
        401: noToken(),
        404: {
          description: "No such request in this account (another account's id answers the same).",
          examples: {
            missing: {
              summary: "Not this account's",
              given: "subscriber",
              request: { headers: BEARER },
              message: "api.requestNotFound",
            },
          },
        },
        405: methodNotAllowed("GET", { body: {} }),
      },
    },
  ],
};
