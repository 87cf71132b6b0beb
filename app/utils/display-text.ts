/**
 * Control characters (C0, DEL, C1), line and paragraph breaks, bidirectional overrides and invisible
 * format characters: none belongs in a one-line name or title, and each can make a message look like
 * something it is not (a second line "From: Your bank", text shown reversed).
 */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const HIDDEN_OR_BREAKING = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]+/g;

/**
 * A name or title as it may be shown and sent: one line, without control or invisible characters,
 * inner whitespace collapsed, trimmed. The one cleaning step for every name a requester types (the
 * dashboard, the API and the domain call it; the consent page shows only cleaned names).
 */
export function cleanLine(value: string) {
  return value.replace(HIDDEN_OR_BREAKING, " ").replace(/\s+/g, " ").trim();
}

/** The longest name a requester or caller gives the recipient (SMS, e-mail, call, consent page). */
export const NAME_MAX = 60;
/** The longest title of a link request. */
export const TITLE_MAX = 60;
