// A live share's trail (GET /api/v1/locate/requests/{id}/trail, docs/decisions/049). Part of the
// answers' shapes: see ../shapes.server.ts.
import type { readTrail } from "~/location-requests/live-trail.server";

import { z } from "../zod.server";
import { fieldsOf, time } from "./primitives.server";

type Page = NonNullable<Awaited<ReturnType<typeof readTrail>>>;

const TrailPosition = fieldsOf<Page["items"][number]>()(
  z
    .object({
      id: z.number().int().min(1).describe("The position's key: increasing; pass the last one read as `after`."),
      latitude: z.number(),
      longitude: z.number(),
      accuracyMeters: z.number().nullable(),
      recordedAt: time,
    })
    .strict(),
).openapi("TrailPosition");

export const TrailPage = fieldsOf<Page>()(
  z
    .object({
      live: z
        .enum(["live", "ended"])
        .nullable()
        .describe("`live` while the share runs, `ended` once it stopped or ran out; null for a one-off share."),
      liveUntil: time.nullable(),
      liveEndedAt: time.nullable(),
      items: z
        .array(TrailPosition)
        .describe(
          "Positions after `after`, oldest first (at most `limit`). The newest 100 are kept per request; an approximate share has none.",
        ),
      more: z.boolean().describe("true: more positions follow; ask again with `after=nextAfter`."),
      nextAfter: z
        .number()
        .int()
        .min(0)
        .describe("The key to ask with next: the last position given, or `after` again when nothing was new."),
    })
    .strict(),
).openapi("TrailPage");
