// Keys that arrive as plain strings (a signed flash cookie) become typed message keys here, checked
// against locales/en/common.json (the three languages have the same keys: tests/unit/locales.test.ts).
import { z } from "zod";

import type { MessageKey } from "./keys";
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
