import type { MessagePrefix } from "./keys";

/**
 * Which translations a page ships to the browser. Each page route names the message prefixes its own
 * components use (`export const handle = { messages: ["home", "lookup.numberTypes"] }`) and its
 * loader sends them (`translations: pageMessages(request, handle)`); the root does the same for the
 * shell (header, sign-in and payment modals, toasts, error page). `useT` looks a key up in the root's
 * messages, then in the page's. Strings only the server uses (e-mails, the API, the outbox) are never
 * sent. A page also names the keys its server answers with (a form's errors from its action), which
 * no source scan sees: a key missing in the browser is a console error, so the browser tests catch it.
 * tests/unit/route-messages.test.ts checks every `t("...")` of a page against its prefixes; the type
 * refuses a prefix that names no message (app/i18n/keys.ts).
 */
export type MessagesHandle = { messages: readonly MessagePrefix[] };

/**
 * The shell's messages, sent by the root loader to every hydrated page: header, error page, toasts and
 * the new-version notice always; the sign-in dialogs' and the payment dialog's only while the address
 * opens them (`?modal=login|reset|payment`, which reruns the root loader); the cookie banner's only
 * with configured tags.
 */
export const shellMessages = {
  // Of the errors, only what the error page, the form's error summary and the sign-in dialogs' and
  // toasts' keys need in the browser; the server translates the rest itself (app/http/reject.server.ts).
  always: [
    "brand",
    "common",
    "menu",
    "language",
    "errors.status",
    "errors.pageNotFound",
    "errors.unexpected",
    "errors.backHome",
    "errors.notFoundHelp",
    "errors.summaryTitle",
    "errors.tryAgainIn",
    "errors.loginExpired",
    "telemetry",
    "footer",
  ],
  signIn: ["loginModal", "resetPwdModal", "validation"],
  payment: [
    "payments.modal",
    "payments.offer.cancelAnytime",
    "payments.errors",
    "validation",
    "loginModal.EnterValidEmail",
    "loginModal.submit",
    "loginModal.forgotPassword",
  ],
  consent: ["consent"],
} as const satisfies Record<string, readonly MessagePrefix[]>;

/** Everything the shell's components may use. */
export const shellHandle: MessagesHandle = { messages: [...new Set(Object.values(shellMessages).flat())] };
/** What a page's payment form uses (the checkout page, renewals). */
export const paymentFormMessages = shellMessages.payment;
