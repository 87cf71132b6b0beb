// A location request's life, written once (docs/api.md, "A request's life"): every recipient action
// on every route (/{code}, /share, /location-failed, the recipient's controls) asks `recipientMay`,
// the requester's lists show `requestState`, and the SQL that applies an action repeats the same rule
// in its WHERE clause (app/location-requests/requests.server.ts), so that two answers racing each
// other cannot step around it.
//
//   pending ──share──▶ shared (precise | approximate) ──stop──▶ stopped (final)
//      │  ╲               ▲     │
//      │   ╲──decline──▶ declined (the recipient may still change their mind: share)
//      │
//      └─ REQUEST_TTL_DAYS without an answer ─▶ expired
//   not delivered (the recipient opted out, blocked the requester or reached today's limit): nothing.
//   any state ──erase (the recipient, from their own link)──▶ erased (final: the number or address,
//   the title and the position are gone from every request sent to them)
//
// The answering window is REQUEST_TTL_DAYS from the request: after it nobody can share, decline or
// change an answer any more, but a recipient who shared can still stop sharing (which deletes what
// they shared) for as long as the request exists. Stopping is final for that link.
import { DAY } from "~/utils/time";

export type RequestState =
  "not_delivered" | "pending" | "expired" | "shared_precise" | "shared_approximate" | "declined" | "stopped" | "erased";

export type RecipientAction = "open" | "share" | "decline" | "stop";

export type RequestLife = {
  status: string;
  decision: string | null;
  delivery: string;
  createdAt: Date;
};

/** `delivery` of a request the recipient does not accept: nothing was sent, and the link opens nothing. */
export const NOT_ACCEPTED = "not_accepted";

/** Whether the answering window is still open: REQUEST_TTL_DAYS from the request. */
export function answeringOpen(row: Pick<RequestLife, "createdAt">, ttlDays: number, now = new Date()) {
  return row.createdAt.getTime() > now.getTime() - ttlDays * DAY;
}

/** The one state of a request, from its stored fields and the answering window. */
export function requestState(row: RequestLife, ttlDays: number, now = new Date()): RequestState {
  if (row.delivery === NOT_ACCEPTED) return "not_delivered";
  if (row.decision === "erased") return "erased";
  if (row.decision === "revoked") return "stopped";
  if (row.decision === "declined") return "declined";
  if (row.status === "gps_tracked") return "shared_precise";
  if (row.status === "ip_located") return "shared_approximate";
  return answeringOpen(row, ttlDays, now) ? "pending" : "expired";
}

export const isShared = (state: RequestState) => state === "shared_precise" || state === "shared_approximate";

/**
 * What the recipient may do in each state (docs/api.md has it as a table). `open` shows a page: the
 * consent page while the request can be answered, the answer's page once answered or stopped, the
 * expired page once expired.
 */
export function recipientMay(state: RequestState, action: RecipientAction, windowOpen: boolean): boolean {
  switch (action) {
    case "open":
      return state !== "not_delivered";
    case "share":
    case "decline":
      return windowOpen && (state === "pending" || state === "declined" || isShared(state));
    case "stop":
      return isShared(state);
  }
}

/** `recipientMay` for a stored request now. */
export function mayDo(row: RequestLife, action: RecipientAction, ttlDays: number, now = new Date()) {
  return recipientMay(requestState(row, ttlDays, now), action, answeringOpen(row, ttlDays, now));
}
