// Text a stranger will read in the service's name (a requester's name and title in our SMS, e-mail and
// consent page, a voice message's sender and body spoken from our number, a report's details) is kept
// as a phone shows it. One normaliser for all of it, so that what is checked (app/utils/contact-points.server.ts)
// is what is sent: no invisible character can hide a web address from the check and then
// vanish on the recipient's screen. Browser-safe: no Node module, no package.

/**
 * Default-ignorable code points (rendered as nothing: soft hyphen, zero-width spaces and joiners,
 * the combining grapheme joiner U+034F, the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, the
 * Mongolian selectors U+180B–U+180F, variation selectors, tags) and every format character (Cf:
 * bidirectional overrides and isolates, the BOM, Arabic number signs).
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;
/** A decimal digit of any script (Arabic-Indic, Devanagari, Bengali, Thai, …). */
const DECIMAL_DIGIT = /\p{Nd}/gu;
const IS_DIGIT = /^\p{Nd}$/u;

/**
 * The value of a decimal digit. Unicode encodes every script's digits as runs of ten, 0 to 9 in
 * order, so the value is the distance from the start of the run, modulo ten (several runs can be
 * adjacent, as the mathematical digits are).
 */
function digitValue(digit: string) {
  let code = digit.codePointAt(0)!;
  let distance = 0;
  while (IS_DIGIT.test(String.fromCodePoint(code - 1))) {
    code -= 1;
    distance += 1;
  }
  return distance % 10;
}

/** Whether a string holds an invisible or format character (for values that must be refused, not cleaned). */
export const hasInvisible = (value: string) => new RegExp(INVISIBLE.source, "u").test(value);

/**
 * Text as a person reads it: compatibility forms folded (NFKC: full-width letters and digits,
 * ligatures, superscripts), invisible and format characters removed, every decimal digit written in
 * ASCII. Line breaks and control characters are left to cleanLine and cleanText.
 */
export function normaliseText(value: string) {
  // Removed before and after NFKC: it maps some characters onto default-ignorables (U+3164 to U+1160).
  return value
    .replace(INVISIBLE, "")
    .normalize("NFKC")
    .replace(INVISIBLE, "")
    .replace(DECIMAL_DIGIT, (digit) => (digit >= "0" && digit <= "9" ? digit : String(digitValue(digit))));
}

/**
 * Control characters (C0, DEL, C1) and line and paragraph breaks: none belongs in a one-line name or
 * title, and a break can make a message look like something it is not (a second line "From: Your bank").
 */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * A name or title as it may be shown and sent: normalised (normaliseText), one line, inner whitespace
 * collapsed, trimmed. The one cleaning step for every name a requester types (the dashboard, the API
 * and the domain call it; the consent page shows only cleaned names).
 */
export function cleanLine(value: string) {
  return normaliseText(value).replace(CONTROL, " ").replace(/\s+/g, " ").trim();
}

/**
 * Free text as kept and sent (a voice message's body, a report's details): normalised
 * (normaliseText), no control characters, at most two line breaks in a row, trimmed.
 */
export function cleanText(value: string) {
  return normaliseText(value.replace(/\r\n?/g, "\n"))
    .replace(CONTROL_BUT_NEWLINE, " ")
    .replace(/[^\S\n]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The longest name a requester or caller gives the recipient (SMS, e-mail, call, consent page). */
export const NAME_MAX = 60;
/** The longest title of a link request. */
export const TITLE_MAX = 60;
