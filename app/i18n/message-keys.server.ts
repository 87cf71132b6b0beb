// Strings from outside the type system (a signed flash cookie, a status read from the database) become
// typed message keys here, checked against locales/en/common.json (the three languages have the same
// keys: tests/unit/locales.test.ts). Server-only: the check needs every message.
import { z } from "zod";

import { log } from "~/server/log.server";

import type { KeyUnder, MessageGroup, MessageKey } from "./keys";
import { commonMessages } from "./resources.server";
import { lookup } from "./translate";

/** Whether `value` names an English message (a plural message by its base name: `common.days`). */
export function isMessageKey(value: string): value is MessageKey {
  return lookup(commonMessages.en, value) !== undefined || lookup(commonMessages.en, `${value}_other`) !== undefined;
}

/** A message key read from outside the type system (a cookie). */
export const messageKeySchema = z.custom<MessageKey>(
  (value) => typeof value === "string" && value.length <= 200 && isMessageKey(value),
);

/**
 * A value read from the database (a status) as the name of a message in a group, so that a page
 * shows it with a checked key (`t(\`reviews.status.${review.status}\`)`). A value the group has no
 * message for is reported and kept: the page shows the bare key, as for any missing message.
 */
export function nameIn<G extends MessageGroup>(group: G, value: string): KeyUnder<G> {
  if (!isMessageKey(`${group}.${value}`)) log("error", "no message for a stored value", { key: `${group}.${value}` });
  return value as KeyUnder<G>;
}
