// A requester's new location request, read top to bottom: the input cleaned, the request admitted
// (cooldown, the three-hour slot, opt-out and block, the recipient's daily cap), the request and its
// message recorded in one transaction, the message delivered (app/location-requests/delivery.server.ts).
import { db } from "~/db/db.server";
import { renderEmail } from "~/emails/render.server";
import { getT } from "~/i18n/i18next.server";
import type { Locale } from "~/i18n/locales";
import { enqueueJob, runJobs } from "~/jobs/jobs.server";
import { accountSlotKey, claimSlot } from "~/limits/usage-limit.server";
import {
  giveBackSendUse,
  REQUEST_MESSAGE_JOB,
  requestMessageJobKey,
  type PreparedMessage,
  type RequestMessageJob,
  type SendUse,
} from "~/location-requests/delivery.server";
import { newCode, shareLink, unsubscribeUrl } from "~/location-requests/links.server";
import {
  claimDailyDelivery,
  cooldownUntil,
  isBlocked,
  isOptedOut,
  recipientKeys,
  recipientRef,
} from "~/location-requests/recipient-controls.server";
import { NOT_ACCEPTED } from "~/location-requests/request-state";
import type { Channel, MessageTemplate } from "~/location-requests/schemas.server";
import { scheduleExpiryCheck } from "~/notifications/events.server";
import { log } from "~/server/log.server";
import { cleanLine } from "~/utils/display-text";

export type CreateInput = {
  userId: string;
  channel: Channel;
  requesterName: string;
  /** The recipient's language: the message and the consent page use it. */
  locale: Locale;
  target?: string;
  title?: string;
  template?: MessageTemplate;
};

export type CreateResult =
  | { ok: true; request: { id: string; code: string; link: string } }
  | { ok: false; error: "limited"; nextAllowedAt: Date }
  /** The recipient declined this requester's last request less than DECLINE_COOLDOWN_HOURS ago. */
  | { ok: false; error: "declinedRecently"; nextAllowedAt: Date }
  /** Opted out, blocked this requester or over today's limit: stored as not delivered, never which. */
  | { ok: false; error: "notAccepted"; request: { id: string } }
  | { ok: false; error: "sendFailed"; request: { id: string; code: string; link: string } };

/**
 * Creates a request and delivers it. The three-hour limit is claimed first, atomically; the request
 * and its message (a job: app/location-requests/delivery.server.ts) are stored in one transaction and
 * the message is tried at once. "sendFailed" only when the provider refused it for good (the request
 * is kept, marked failed, and the limit given back); a provider that is down leaves it queued for the
 * job worker's next try, so nothing is lost. A recipient
 * who does not accept requests (docs/decisions/012) gets nothing: the request is stored once as not
 * delivered, and it uses the requester's slot like any other (asking again and again neither tells
 * the requester more nor grows the database).
 */
export async function createLocationRequest(input: CreateInput): Promise<CreateResult> {
  input = {
    ...input,
    requesterName: cleanLine(input.requesterName),
    ...(input.title === undefined ? {} : { title: cleanLine(input.title) }),
  };
  const admission = await admit(input);
  if (!admission.admitted) return admission.refusal;
  const { recipient, used } = admission;

  // Anything that throws before the request and its message are stored (the translation, the
  // rendering, the transaction) gives the slot back: the account must not wait three hours for a
  // request that does not exist.
  let prepared: Prepared;
  try {
    prepared = await prepareRequest(input, recipient, used);
  } catch (error) {
    await giveBackSendUse(used);
    throw error;
  }
  const { request, job } = prepared;
  if (!job) return { ok: true, request };
  afterCommit?.();

  // The first try, right after the commit (bounded by PROVIDER_TIMEOUT_MS); the job worker makes any
  // later one. A failure here is logged: the job stays due and the worker takes it.
  await runJobs(new Date(), { keys: [job] }).catch((error) => log("error", "message send failed", { error }));
  const after = await db().locationRequest.findUnique({ where: { id: request.id }, select: { delivery: true } });
  if (after?.delivery === NOT_ACCEPTED) return { ok: false, error: "notAccepted", request: { id: request.id } };
  if (after?.delivery === "failed") return { ok: false, error: "sendFailed", request };
  return { ok: true, request };
}

/** Runs between a request's commit and its first send; a test sets it to stop the process there. */
let afterCommit: (() => void) | null = null;
export function setAfterRequestCommit(hook: (() => void) | null) {
  afterCommit = hook;
}

type Admission =
  | { admitted: true; recipient: string | null; used: SendUse }
  | { admitted: false; refusal: CreateResult & { ok: false } };

/**
 * Every check a new request passes before it is stored, in one place: the cooldown after the
 * recipient's decline, the requester's three-hour slot (claimed atomically), the recipient's opt-out
 * and block, and the recipient's daily cap. What an admitted request holds (`used`) is given back if
 * it is never stored; a refused one keeps its slot (notAccepted). A link has no recipient to check.
 */
async function admit(input: CreateInput): Promise<Admission> {
  const refused = (refusal: CreateResult & { ok: false }) => ({ admitted: false as const, refusal });
  // The recipient's key (what is written) and every key their controls may be stored under (what is read).
  const keys = input.channel !== "link" && input.target ? await recipientKeys(input.channel, input.target) : [];
  const recipient = keys[0] ?? null;
  if (recipient) {
    const until = await cooldownUntil(keys, input.userId);
    if (until) return refused({ ok: false, error: "declinedRecently", nextAllowedAt: until });
  }
  const slotKey = accountSlotKey(input.channel, input.userId);
  const claim = await claimSlot(slotKey);
  if (!claim.ok) return refused({ ok: false, error: "limited", nextAllowedAt: claim.nextAllowedAt });
  const used: SendUse = {
    slot: { key: slotKey, claimedAtMs: claim.claimedAtMs, previousMs: claim.previousMs },
    daily: null,
  };
  if (!recipient) return { admitted: true, recipient, used };

  // A check that throws after the slot was claimed gives it back, as a failed store does.
  try {
    if (!(await accepts(keys, input.userId))) return refused(await notAccepted(input, recipient));
    used.daily = { recipient, claimedAtMs: Date.now() };
    if (!(await claimDailyDelivery(recipient, used.daily.claimedAtMs)))
      return refused(await notAccepted(input, recipient));
  } catch (error) {
    await giveBackSendUse(used);
    throw error;
  }
  return { admitted: true, recipient, used };
}

async function accepts(keys: string[], userId: string) {
  const [optedOut, blocked] = await Promise.all([isOptedOut(keys), isBlocked(keys, userId)]);
  return !optedOut && !blocked;
}

/**
 * Stored so the requester sees it, in one neutral state (never which control refused it). The slot
 * stays used; a request to the same number or address that is already stored as not delivered is
 * answered with that one instead of another row.
 */
async function notAccepted(input: CreateInput, recipient: string) {
  const where = { userId: input.userId, channel: input.channel, target: input.target ?? null, delivery: NOT_ACCEPTED };
  const stored = await db().locationRequest.findFirst({ where, select: { id: true } });
  // Touched, so that New Search can name this refusal as what used the slot (slot-use.server.ts).
  if (stored) await db().locationRequest.update({ where: { id: stored.id }, data: { updatedAt: new Date() } });
  const row =
    stored ??
    (await db().locationRequest.create({
      data: { ...requestData(input, recipient), delivery: NOT_ACCEPTED },
      select: { id: true },
    }));
  return { ok: false as const, error: "notAccepted" as const, request: { id: row.id } };
}

type Prepared = {
  request: { id: string; code: string; link: string };
  /** The key of the message's job (none for a link). */
  job: string | null;
};

/** `recipient`: the keyed hash of the number or address (recipientKey), by which a recipient's erasure finds the row. */
function requestData(input: CreateInput, recipient: string | null) {
  return {
    userId: input.userId,
    channel: input.channel,
    target: input.target ?? null,
    recipientKey: recipient,
    title: input.title ?? null,
    requesterName: input.requesterName,
    locale: input.locale,
    code: newCode(),
  };
}

/**
 * Stores the request and, in the same transaction, its message as a job (none for a link), so that
 * the message exists exactly when the request does. The message names the service as the sender and
 * the requester's name as typed and unverified; it links to the recipient's own link (the code with
 * its key) and says how to stop every request.
 */
async function prepareRequest(input: CreateInput, recipient: string | null, used: SendUse): Promise<Prepared> {
  const data = requestData(input, recipient);
  const link = shareLink(data.code, input.locale);
  // Each request is written with the check of its end (app/notifications/events.server.ts): the
  // requester is told when it expires unanswered.
  if (input.channel === "link") {
    return db().$transaction(async (tx) => {
      const row = await tx.locationRequest.create({ data: { ...data, delivery: "link" } });
      await scheduleExpiryCheck(tx, row);
      return { request: { id: row.id, code: row.code, link }, job: null };
    });
  }
  const message = await renderMessage(input, data.code);
  return db().$transaction(async (tx) => {
    const row = await tx.locationRequest.create({ data: { ...data, delivery: "queued" } });
    await scheduleExpiryCheck(tx, row);
    const job: RequestMessageJob = { requestId: row.id, message, ...used };
    const key = await enqueueJob(tx, requestMessageJobKey(row.id), REQUEST_MESSAGE_JOB, job);
    return { request: { id: row.id, code: row.code, link }, job: key };
  });
}

async function renderMessage(input: CreateInput, code: string): Promise<PreparedMessage> {
  const t = await getT(input.locale);
  const recipientRefValue = await recipientRef(code);
  const recipientLink = shareLink(recipientRefValue, input.locale);
  const text = t(`requests.templates.${input.template ?? "family"}`, {
    name: input.requesterName,
    link: recipientLink,
  });
  if (input.channel === "sms")
    return { channel: "sms", sms: { to: input.target!, body: `${text} ${t("requests.sms.stop")}` } };
  const email = renderEmail({
    subject: t("requests.email.subject", { name: input.requesterName }),
    paragraphs: [text, t("requests.email.consent"), t("requests.email.unverified", { name: input.requesterName })],
    action: { href: recipientLink, label: t("requests.email.button") },
    footer: `${t("requests.email.footer")} ${t("requests.email.erase")}`,
    unsubscribe: { href: unsubscribeUrl(recipientRefValue), label: t("requests.email.unsubscribe") },
  });
  // RFC 8058: the mail provider posts "List-Unsubscribe=One-Click" to this URL (routes/unsubscribe.ts).
  const headers = {
    "List-Unsubscribe": `<${unsubscribeUrl(recipientRefValue)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
  return { channel: "email", email: { to: input.target!, ...email, headers } };
}
