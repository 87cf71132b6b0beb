// A recipient's e-mail address, in the one form the service sends to and keys its controls on (an
// opt-out, a block, an erasure: app/location-requests/recipient-controls.server.ts). Mail providers
// read the domain through IDNA (UTS #46): `ｇｍａｉｌ.com` and `gmail.com` are one domain, so an
// opt-out of one must hold for the other. Forms that name the same mailbox in ways a person would
// not type (a quoted local part, a comment, an invisible character) are refused as input rather than
// guessed at; the key still folds them, for rows stored before they were refused.
import { domainToASCII } from "node:url";

import { hasInvisible, normaliseText } from "~/utils/display-text";

/** RFC 5322's atext, and the letters, marks and digits of any script an internationalised address may use (RFC 6531). */
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~\\-\\p{L}\\p{M}\\p{N}]+";
/** A dot-atom local part: no quotes, no comments, no leading, trailing or doubled dot. */
const LOCAL_PART = new RegExp(`^${ATOM}(?:\\.${ATOM})*$`, "u");
/** Characters a URL or a mail header reads as something else, which IDNA would drop or cut at. */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const NOT_IN_A_DOMAIN = /[\s\u0000-\u001f\u007f-\u009f/\\?#%@:[\]<>"(),;]/;
/** The domain as IDNA gives it: LDH labels, and a top-level domain of letters or an A-label. */
const ASCII_DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * The address to send to, or null when it is not one plain address: the local part lower-cased, the
 * domain in its ASCII form (UTS #46, what DNS and SMTP use). Refused: quoted local parts, comments,
 * invisible or format characters, anything but one `@`, a domain IDNA cannot map.
 */
export function parseEmailAddress(value: string): string | null {
  if (value.length > 254 || hasInvisible(value)) return null;
  const at = value.indexOf("@");
  if (at < 1 || at !== value.lastIndexOf("@")) return null;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > 64 || !LOCAL_PART.test(local) || NOT_IN_A_DOMAIN.test(domain)) return null;
  const ascii = domainToASCII(domain);
  if (ascii.length > 253 || !ASCII_DOMAIN.test(ascii)) return null;
  return `${local.toLowerCase()}@${ascii}`;
}

/** `(comment)`, nested or not, anywhere in an address (RFC 5322's CFWS). */
const COMMENT = /\([^()]*\)/g;
const PRINTABLE_ASCII = /^[\x21-\x7e]*$/;

function withoutComments(value: string) {
  let previous: string;
  do {
    previous = value;
    value = value.replace(COMMENT, "");
  } while (value !== previous);
  return value;
}

/**
 * The mailbox an address reaches, as `[local, domain]`, for keying (never for sending): comments
 * dropped, a quoted local part unquoted, invisible characters removed and compatibility forms folded
 * (normaliseText), lower case, the domain through IDNA. An address of printable ASCII without quotes
 * or comments comes out exactly as it was lower-cased before, so keys stored earlier still match.
 * Null when there is no `@` with something on each side.
 */
export function mailboxParts(address: string): [string, string] | null {
  const plain = withoutComments(address.trim());
  const at = plain.lastIndexOf("@");
  if (at < 1 || at === plain.length - 1) return null;
  let local = plain.slice(0, at);
  if (local.includes('"')) local = local.replace(/\\(.)/g, "$1").replace(/"/g, "");
  local = normaliseText(local).toLowerCase();
  let domain = plain.slice(at + 1).toLowerCase();
  if (!PRINTABLE_ASCII.test(domain)) domain = domainToASCII(normaliseText(domain)) || normaliseText(domain);
  domain = domain.replace(/\.$/, "");
  if (!local || !domain || /\s|@/.test(local + domain)) return null;
  return [local, domain];
}
