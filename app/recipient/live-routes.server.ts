// The three posts of live sharing (docs/decisions/046), under the recipient's paths and with the link
// id in `c` like their pages: start (/share/live), update (/share/live/update) and stop
// (/share/live/stop). Each answers JSON, never a page: the share page's scripts post them. The link is
// the capability to start; the secret the start answered is the only capability to update or stop.
import { z } from "zod";

import { LIVE_DURATIONS_MINUTES } from "~/location-requests/live-limits";
import { startLive, stopLive, updateLive } from "~/location-requests/live.server";
import { PositionSchema, requestFromQuery } from "~/recipient/recipient.server";
import { parseFormData } from "~/utils/form-data.server";

const NO_STORE = { "Cache-Control": "no-store" };

const answer = (body: Record<string, unknown>, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { ...NO_STORE, ...headers } });

/** The secret the start answered: 32 random bytes in base64url (43 characters). */
const secret = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export const LiveStartSchema = z.object({
  minutes: z
    .string()
    .regex(/^\d{1,4}$/)
    .pipe(z.coerce.number().refine((m) => (LIVE_DURATIONS_MINUTES as readonly number[]).includes(m))),
});

export const LiveUpdateSchema = PositionSchema.extend({ secret });

export const LiveStopSchema = z.object({ secret });

/** The form of a post, as the strings a schema reads; a body that is not a form is answered here. */
async function formOf(request: Request, names: readonly string[]) {
  const parsed = await parseFormData(request);
  if (!parsed.ok) return answer({ error: "badForm" }, parsed.status);
  return Object.fromEntries(names.map((name) => [name, String(parsed.form.get(name) ?? "")]));
}

/** POST /share/live?c=…: `minutes`; answers the secret, the end and the position it starts from. */
export async function liveStart(request: Request) {
  const link = await requestFromQuery(request);
  if (!link) return answer({ error: "invalidLink" }, 404);
  const fields = await formOf(request, ["minutes"]);
  if (fields instanceof Response) return fields;
  const parsed = LiveStartSchema.safeParse(fields);
  if (!parsed.success) return answer({ error: "badDuration" }, 400);
  const started = await startLive(link.row.code, parsed.data.minutes);
  if (!started.ok) return answer({ error: started.reason }, started.reason === "duration" ? 400 : 409);
  const { from } = started;
  // Where the page starts from, and how long ago in seconds (its clock may differ from ours): it paces
  // its first update by the same rule as the rest, so it is not refused.
  const secondsAgo = Math.max(0, (Date.now() - from.locatedAt.getTime()) / 1000);
  return answer({
    secret: started.secret,
    liveUntil: started.liveUntil.toISOString(),
    from: { latitude: from.latitude, longitude: from.longitude, secondsAgo },
  });
}

/**
 * POST /share/live/update?c=…: `secret`, `latitude`, `longitude`, `accuracy`. 204 when stored; 410
 * when the share is over (stored nowhere); 403 for another secret; 429 with Retry-After when faster
 * than the rate.
 */
export async function liveUpdate(request: Request) {
  const link = await requestFromQuery(request);
  if (!link) return answer({ error: "invalidLink" }, 404);
  const fields = await formOf(request, ["secret", "latitude", "longitude", "accuracy"]);
  if (fields instanceof Response) return fields;
  const parsed = LiveUpdateSchema.safeParse(fields);
  if (!parsed.success) return answer({ error: "badPosition" }, 400);
  const { latitude, longitude, accuracy } = parsed.data;
  const result = await updateLive(link.row.code, parsed.data.secret, { latitude, longitude, accuracyMeters: accuracy });
  if (result.ok) return new Response(null, { status: 204, headers: NO_STORE });
  if (result.reason === "gone") return answer({ error: "ended" }, 410);
  if (result.reason === "forbidden") return answer({ error: "notThisShare" }, 403);
  return answer({ error: "tooSoon" }, 429, { "Retry-After": String(result.retryAfterSeconds) });
}

/** POST /share/live/stop?c=…: `secret` (the button, or the page closing as a beacon). 410 when already over. */
export async function liveStop(request: Request) {
  const link = await requestFromQuery(request);
  if (!link) return answer({ error: "invalidLink" }, 404);
  const fields = await formOf(request, ["secret"]);
  if (fields instanceof Response) return fields;
  const parsed = LiveStopSchema.safeParse(fields);
  if (!parsed.success) return answer({ error: "badSecret" }, 400);
  const result = await stopLive(link.row.code, parsed.data.secret);
  if (result === "gone") return answer({ error: "ended" }, 410);
  if (result === "forbidden") return answer({ error: "notThisShare" }, 403);
  return new Response(null, { status: 204, headers: NO_STORE });
}
