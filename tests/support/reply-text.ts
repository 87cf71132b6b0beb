// A page action's reply (app/utils/parse-form.ts `FormReply`: message keys) as its page shows it: each
// error translated with the messages that page ships (the shell's and its route handle's), as
// `useReplyErrors` does in the browser. A key the page does not ship fails the test, where the
// browser would show the bare key.
import type { Locale } from "~/i18n/locales";
import { shellHandle, type MessagesHandle } from "~/i18n/messages";
import { routeMessages } from "~/i18n/resources.server";
import { createTranslate, lookup } from "~/i18n/translate";
import type { FormReply } from "~/utils/parse-form";

export function replyTexts(
  reply: Pick<FormReply, "errors" | "errorValues">,
  locale: Locale,
  handle: MessagesHandle,
  defaults: Record<string, string | number> = {},
): Record<string, string> {
  const trees = [routeMessages(locale, shellHandle), routeMessages(locale, handle)];
  const t = createTranslate(trees, locale);
  return Object.fromEntries(
    Object.entries(reply.errors).map(([field, key]) => {
      if (trees.every((tree) => lookup(tree, key) === undefined && lookup(tree, `${key}_other`) === undefined))
        throw new Error(`The page does not ship "${key}" (field ${field})`);
      return [field, t(key, { ...defaults, ...reply.errorValues?.[field] })];
    }),
  );
}
