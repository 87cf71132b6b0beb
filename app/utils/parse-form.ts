// The one way a form's values meet their zod schema (docs/decisions/018-one-schema-per-input.md).
import type { z } from "zod";

import type { MessageKey, Translate, Values } from "~/i18n/keys";

/** The first error of each field, by the form's field names (`form` for the whole form): message keys, or their text when translated. */
export type FieldErrors<E extends string = MessageKey> = Record<string, E>;

export type ParsedForm<T, E extends string = MessageKey> =
  { ok: true; data: T } | { ok: false; errors: FieldErrors<E> };

/** A message key written in a schema (`.min(1, messageKey("voice.errors.messageRequired"))`): `tsc`
 * checks it; at run time it is the key itself. */
export const messageKey = <K extends MessageKey>(key: K): K => key;

/**
 * A schema's messages are message keys (decision 018), written through `messageKey` or a typed
 * helper of the same kind; Zod types them as strings. This is the one
 * place they become keys again: a message that names no key shows as itself, which the browser
 * tests catch (a missing message is a console error, decision 015).
 */
export const issueKey = (issue: z.ZodIssue) => issue.message as MessageKey;

/**
 * Validates a form's values with its schema: the parsed data, or the first error of each field. The
 * schemas' messages are translation keys: they come back as keys, or translated when `t` is given.
 * `fields` names the form's field for a schema key the form calls otherwise (the JSON API's
 * `requesterName` is New Search's `name`).
 */
export function parseForm<S extends z.ZodTypeAny>(
  schema: S,
  values: unknown,
  options?: { fields?: Record<string, string> },
): ParsedForm<z.output<S>>;
export function parseForm<S extends z.ZodTypeAny>(
  schema: S,
  values: unknown,
  options: { fields?: Record<string, string>; t: Translate },
): ParsedForm<z.output<S>, string>;
export function parseForm<S extends z.ZodTypeAny>(
  schema: S,
  values: unknown,
  options: { fields?: Record<string, string>; t?: Translate } = {},
): ParsedForm<z.output<S>, string> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data as z.output<S> };
  const errors: FieldErrors<string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "form";
    const field = options.fields?.[key] ?? key;
    errors[field] ??= options.t ? options.t(issueKey(issue), limitsOf(issue)) : issueKey(issue);
  }
  return { ok: false, errors };
}

export function limitsOf(issue: z.ZodIssue): Values {
  if (issue.code === "too_small") return { min: Number(issue.minimum) };
  if (issue.code === "too_big") return { max: Number(issue.maximum) };
  return {};
}

/**
 * A check of the domain's own inside a schema (a mobile number, an e-mail address that can receive
 * a request), as opposed to a size or type check: the JSON API answers it with its own message, where
 * a size or type check names the field (docs/decisions/018).
 */
export function addDomainIssue(ctx: z.RefinementCtx, key: MessageKey, path: (string | number)[] = []) {
  ctx.addIssue({ code: "custom", message: key, path, params: { domain: true } });
}

export function isDomainIssue(issue: z.ZodIssue) {
  return issue.code === "custom" && issue.params?.domain === true;
}
