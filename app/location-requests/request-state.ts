// A location request's life, written once (docs/api.md, "A request's life"): every recipient action
// on every route (/{code}, /share, /location-failed, the recipient's controls) asks `recipientMay`,
// the requester's lists show `requestState`, and the SQL that applies an action repeats the same rule
// in its WHERE clause (app/location-requests/answer.server.ts), so that two answers racing each
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

/** What a person reads about a request: one label (a `dashboard.status` key) and the tag's tone. */
export type RequestLabelKey =
  "pending" | "ip_located" | "gps_tracked" | "declined" | "stopped" | "expired" | "not_delivered" | "erased";
export type RequestTone = "ok" | "warn" | "danger" | "info" | "neutral";
export type RequestLabel = {
  key: RequestLabelKey;
  tone: RequestTone;
  /**
   * A second tag, while the request waits for its answer, on how its message travels: still on its
   * way (queued or sending: "Sending"), taken by the provider ("Sent"; delivered, when the provider's
   * status callback says so), or the provider never said whether it was sent ("Delivery not confirmed").
   */
  delivery: "sending" | "sent" | "unconfirmed" | null;
};

const LABELS: Record<RequestState, Omit<RequestLabel, "delivery">> = {
  pending: { key: "pending", tone: "warn" },
  shared_approximate: { key: "ip_located", tone: "info" },
  shared_precise: { key: "gps_tracked", tone: "ok" },
  declined: { key: "declined", tone: "danger" },
  stopped: { key: "stopped", tone: "neutral" },
  expired: { key: "expired", tone: "neutral" },
  not_delivered: { key: "not_delivered", tone: "danger" },
  erased: { key: "erased", tone: "neutral" },
};

/**
 * The one status a person reads for a request (dashboard cards, history, the detail view), from its
 * stored fields and the answering window, so that two tags can never contradict each other. The
 * specification's labels where it names them (Pending, IP Located, GPS Tracked), one word otherwise.
 * A message that could not be sent (`delivery` "failed") and was never answered reads "Not
 * delivered" rather than "Pending" or "Link expired": the person never got it. A message still on its
 * way adds "Sending" beside "Pending", then "Sent" once the provider took it (or "Not delivered" in
 * its place when it could not be sent); once the person answered, how the message travelled no longer
 * matters.
 */
export function requestLabel(row: RequestLife, ttlDays: number, now = new Date()): RequestLabel {
  const state = requestState(row, ttlDays, now);
  const unanswered = state === "pending" || state === "expired";
  if (unanswered && row.delivery === "failed") return { ...LABELS.not_delivered, delivery: null };
  const delivery =
    state !== "pending"
      ? null
      : row.delivery === "queued" || row.delivery === "sending"
        ? "sending"
        : row.delivery === "sent" || row.delivery === "delivered"
          ? "sent"
          : row.delivery === "unknown"
            ? "unconfirmed"
            : null;
  return { ...LABELS[state], delivery };
}
