// A name or title that the service sends in its own SMS, e-mail or call ("Ana asks for your
// location") must not carry a way to reach someone else: a web address, a domain, an e-mail address
// or a phone number. Otherwise anyone could send "BDO Bank https://bdo-verify.example/x" from the
// service's own number (smishing). The same rule holds for a voice message's body, which our number
// speaks. The check reads the text as a person would (app/utils/display-text.ts's normaliseText: any
// case, full-width characters, invisible characters gone, digits of any script), and through the usual
// disguises: `example[.]com`, `example (dot) com`, `example dot com`, `example . com`, `name(at)mail.com`.
import tlds from "tlds";
import type { z } from "zod";

import type { MessageKey } from "~/i18n/keys";
import { normaliseText } from "~/utils/display-text";
import { addDomainIssue } from "~/utils/parse-form";

export type ContactPoint = "url" | "domain" | "email" | "phone";

/** IANA's top-level domains, and the special-use names (RFC 2606, 6761, 7686) that read as addresses too. */
const TOP_LEVEL_DOMAINS = new Set<string>([...tlds, "example", "test", "invalid", "localhost", "local", "onion"]);

/** Dots a person reads as a dot: ideographic, half- and full-width, the one-dot leader. */
const DOTS = /[\u3002\uff0e\uff61\u2024\u00b7\u2027\u0701\u0702]/g;
/** `[.]`, `(.)`, `{.}`, `[dot]`, `(dot)`: a dot in disguise. */
const DISGUISED_DOT = /\s*[[({<]\s*(?:\.|dot|titik|tuldok)\s*[\])}>]\s*/gi;
/** `example dot com`, in English, Indonesian and Filipino. */
const SPELLED_DOT = /\s+(?:dot|titik|tuldok)\s+/gi;
/**
 * `example . com` and `example .com`: a dot with a space before it is no sentence's full stop. A
 * space only after it is one ("Jl. Sudirman", "I'm home. Call me": `call`, `me` and `you` are
 * top-level domains), except before the endings everyone knows as an address's (`example. com`).
 */
const SPACED_DOT = /\s+\.\s*(?=[a-z0-9])|\.\s+(?=(?:com|net|org|info|biz|xyz|online|site|top)(?![a-z0-9-]))/gi;
/** `[at]`, `(at)`, `{at}`: an at sign in disguise. */
const DISGUISED_AT = /\s*[[({<]\s*(?:@|at)\s*[\])}>]\s*/gi;

const SCHEME =
  /(?:^|[^a-z0-9])(?:[a-z][a-z0-9+.-]{1,20}:\/\/|www\d{0,3}\.|(?:mailto|tel|sms|whatsapp|tg|viber|callto):)/i;
const EMAIL = /[^\s@]@[^\s@]/;
const IPV4 = /(?:^|[^\d.])\d{1,3}(?:\.\d{1,3}){3}(?![\d.])/;
const DOMAIN = /(?:^|[^a-z0-9-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,63}|xn--[a-z0-9-]+)(?![a-z0-9-])/gi;
/** Seven digits or more, however separated: shorter numbers are not a way to call someone. */
const PHONE = /\+?\d(?:[\s().\-/]{0,3}\d){6,}/;
/**
 * Numbers nobody dials, taken out before looking for a phone number: a date (`12/05/2025`,
 * `2025-05-12`) and an amount written with thousands dots after or before its currency
 * (`Rp 1.500.000`, `1.500.000 rupiah`); an amount never starts with 0, a local phone number does,
 * and an amount's last group has three digits (`Rp 100.000.0` is seven digits, so a number to call).
 */
const NOT_A_NUMBER =
  /(?<![\d.\-/])(?:(?:[0-3]?\d)([./-])[0-3]?\d\1(?:(?:19|20)\d\d|\d\d)|(?:19|20)\d\d-[01]?\d-[0-3]?\d)(?![\d.\-/]*\d)|(?:\b(?:rp|idr|php|usd)\.?|[₱$])\s?[1-9]\d{0,2}(?:\.\d{3})+(?:,\d{1,2})?(?!\.?\d)|(?<![\d.])[1-9]\d{0,2}(?:\.\d{3})+(?:,\d{1,2})?(?=\s?(?:rupiah|pesos?|juta|ribu|rb)\b)/gi;

/** The text as a person would read it: normalised (normaliseText), disguised dots and at signs undone. */
function asRead(text: string) {
  return normaliseText(text)
    .replace(DOTS, ".")
    .replace(DISGUISED_DOT, ".")
    .replace(SPELLED_DOT, ".")
    .replace(SPACED_DOT, ".")
    .replace(DISGUISED_AT, "@");
}

/** The first kind of contact point in a name, a title or a spoken message, or null when it has none. */
export function contactPointIn(text: string): ContactPoint | null {
  const read = asRead(text);
  if (SCHEME.test(read)) return "url";
  if (EMAIL.test(read)) return "email";
  if (IPV4.test(read)) return "url";
  for (const match of read.matchAll(DOMAIN)) {
    const tld = match[1]!.toLowerCase();
    if (tld.startsWith("xn--") || TOP_LEVEL_DOMAINS.has(tld)) return "domain";
  }
  if (PHONE.test(read.replace(NOT_A_NUMBER, " "))) return "phone";
  return null;
}

/** A zod refinement for text we send or speak: a translated domain error (`key`) when it carries a contact point. */
export const withoutContactPoint = (key: MessageKey) => (value: string, ctx: z.RefinementCtx) => {
  if (contactPointIn(value)) addDomainIssue(ctx, key);
};
