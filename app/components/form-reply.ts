// The one place a page action's refusal becomes text: kept out of the shell chunk (vite.config.ts),
// since only pages that load their own code (the dashboard, contact, report, voice) use it.
import type { Values } from "~/i18n/keys";
import { useT } from "~/i18n/use-t";
import type { FormReply } from "~/utils/parse-form";

/**
 * A refused form's errors in the page's language: the one place a page action's reply
 * (app/utils/parse-form.ts `FormReply`, message keys) becomes text. `error(field)` is a field's text
 * (`form`: the whole form's); `problems(ids)` the error summary's lines, the whole form's first, then
 * each field's in the order of `ids` (field name → the input's id the line links to); `form: false`
 * leaves the whole form's out, for a page that says it elsewhere. `defaults`
 * interpolate where the reply gives no value (a limit the page shows beside its field).
 */
export function useReplyErrors(reply: Pick<FormReply, "errors" | "errorValues"> | null | undefined, defaults?: Values) {
  const t = useT();
  const error = (field: string) => {
    const key = reply?.errors[field];
    return key ? t(key, { ...defaults, ...reply.errorValues?.[field] }) : undefined;
  };
  const problems = (ids: Record<string, string>, options: { form?: boolean } = {}) => {
    const form = options.form === false ? undefined : error("form");
    return [
      ...(form ? [{ text: form }] : []),
      ...Object.entries(ids).flatMap(([field, id]) => {
        const text = error(field);
        return text ? [{ text, field: id }] : [];
      }),
    ];
  };
  return { error, problems };
}
