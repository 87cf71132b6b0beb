// Idempotent writes (docs/decisions/042): a POST that creates, sends or charges accepts an
// `Idempotency-Key`. The first request with a key is answered as usual and its answer kept for 24
// hours; a repeat with the same key and the same request gets that answer again (status, body and the
// headers that matter), marked `Idempotency-Replayed: true`, without the work being done twice; the
// same key with another request answers 422 `idempotency_key_reused`. A repeat that arrives while the
// first is still running waits for it (across processes: the row is the lock). Keys belong to the
// account of the token, or, for a call without one, to the client's address and APP header.
import { lookupSession, readToken } from "~/auth/session.server";
import { db } from "~/db/db.server";
import { deleteInBatches } from "~/privacy/batches.server";
import { clientIp } from "~/utils/client-ip.server";
import { sha256 } from "~/utils/hash.server";
import { DAY } from "~/utils/time";

import { ApiError } from "./envelope.server";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const REPLAYED_HEADER = "Idempotency-Replayed";
/** How long a key's answer is kept and replayed. */
export const IDEMPOTENCY_TTL_MS = DAY;
/** A first request still running after this is taken as dead (its process stopped): a repeat runs it. */
const LOCK_MS = 60_000;
/** How long a repeat waits for the first request's answer before answering 409 `idempotency_in_progress`. */
const WAIT_MS = 10_000;
const POLL_MS = 50;
/** Printable ASCII, as Stripe's keys: a UUID, or any token of the client's. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** The headers a repeat gets again besides the body (the checkout cookie of registerAndSign). */
const KEPT_HEADERS = ["Set-Cookie"];

/**
 * Whether an answer is kept for repeats: the work was done, or refused for what the request is
 * (2xx, 400, 404, 409, 422). Answers about the moment (401, 403, 429, 5xx) are not: a repeat after
 * them is a new try, as it would be without a key.
 */
const kept = (status: number) => status < 400 || [400, 404, 409, 422].includes(status);

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "P2002";

/** Runs `answer` once per key (see the file's comment); without the header, simply runs it. */
export async function idempotent(request: Request, bodyText: string, answer: () => Promise<Response>) {
  const key = request.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return answer();
  if (!IDEMPOTENCY_KEY_PATTERN.test(key))
    throw new ApiError(400, "api.idempotencyKeyInvalid", undefined, undefined, undefined, IDEMPOTENCY_HEADER);
  const scope = await scopeOf(request);
  const url = new URL(request.url);
  const fingerprint = sha256(`${request.method} ${url.pathname}${url.search}\n${bodyText}`);

  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const claimed = await claim(scope, key, fingerprint);
    if (claimed === "mine") break;
    if (claimed.fingerprint !== fingerprint)
      throw new ApiError(422, "api.idempotencyKeyReused", undefined, undefined, undefined, IDEMPOTENCY_HEADER);
    if (claimed.status !== null) return replay(claimed);
    if (Date.now() >= deadline)
      throw new ApiError(
        409,
        "api.idempotencyInProgress",
        undefined,
        { "Retry-After": "1" },
        undefined,
        IDEMPOTENCY_HEADER,
      );
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }

  let response: Response;
  try {
    response = await answer();
  } catch (error) {
    await release(scope, key);
    throw error;
  }
  if (!kept(response.status)) {
    await release(scope, key);
    return response;
  }
  const body = await response.clone().text();
  const headers = Object.fromEntries(
    KEPT_HEADERS.flatMap((name) => {
      const value = response.headers.get(name);
      return value === null ? [] : [[name, value]];
    }),
  );
  await db().idempotentRequest.update({
    where: { scope_key: { scope, key } },
    data: { status: response.status, body, headers: JSON.stringify(headers) },
  });
  return response;
}

async function scopeOf(request: Request) {
  const session = await lookupSession(await readToken(request));
  if (session.state === "valid") return `user:${session.user.id}`;
  return `anon:${sha256(`${clientIp(request)}\n${request.headers.get("APP")?.trim() ?? ""}`)}`;
}

type Row = { fingerprint: string; status: number | null; body: string | null; headers: string | null };

/**
 * Makes this request the key's first ("mine"), or answers the row of the first. A row past 24 hours
 * (not purged yet) or whose runner died (its lock lapsed, no answer) is taken over.
 */
async function claim(scope: string, key: string, fingerprint: string): Promise<"mine" | Row> {
  const now = new Date();
  const lockedUntil = new Date(now.getTime() + LOCK_MS);
  try {
    await db().idempotentRequest.create({ data: { scope, key, fingerprint, lockedUntil } });
    return "mine";
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const row = await db().idempotentRequest.findUnique({ where: { scope_key: { scope, key } } });
  // Released between our insert and read: try again.
  if (!row) return claim(scope, key, fingerprint);
  const stale = row.createdAt.getTime() < now.getTime() - IDEMPOTENCY_TTL_MS;
  const dead = row.status === null && row.lockedUntil < now;
  if (stale || dead) {
    // One taker wins: the update names the row as it was read.
    const taken = await db().idempotentRequest.updateMany({
      where: { id: row.id, lockedUntil: row.lockedUntil, status: row.status },
      data: { fingerprint, status: null, body: null, headers: null, lockedUntil, createdAt: now },
    });
    if (taken.count === 1) return "mine";
    return claim(scope, key, fingerprint);
  }
  return row;
}

/** The first request gave no answer worth keeping: the key is free for the next try. */
async function release(scope: string, key: string) {
  await db().idempotentRequest.deleteMany({ where: { scope, key, status: null } });
}

function replay(row: Row) {
  const headers = new Headers(JSON.parse(row.headers ?? "{}") as Record<string, string>);
  headers.set("Content-Type", "application/json");
  headers.set("Cache-Control", "no-store");
  headers.set(REPLAYED_HEADER, "true");
  return new Response(row.body, { status: row.status!, headers });
}

/** Maintenance: keys past 24 hours. */
export function purgeOldIdempotentRequests(now: Date) {
  return deleteInBatches(db().idempotentRequest, { createdAt: { lt: new Date(now.getTime() - IDEMPOTENCY_TTL_MS) } });
}
