// The one way a form's values meet their zod schema (docs/decisions/018-one-schema-per-input.md).
import type { z } from "zod";

import type { MessageKey, Translate, Values } from "~/i18n/keys";

/** The first error of each field, by the form's field names (`form` for the whole form): message keys, or their text when translated. */
export type FieldErrors<E extends string = MessageKey> = Record<string, E>;

/** The interpolation values of each field's message (a failed check's `min` or `max`), by field. */
export type ErrorValues = Record<string, Values>;

export type ParsedForm<T, E extends string = MessageKey> =
  { ok: true; data: T } | { ok: false; errors: FieldErrors<E>; errorValues?: ErrorValues };

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
  const errorValues: ErrorValues = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "form";
    const field = options.fields?.[key] ?? key;
    if (errors[field] !== undefined) continue;
    const limits = limitsOf(issue);
    errors[field] = options.t ? options.t(issueKey(issue), limits) : issueKey(issue);
    if (!options.t && Object.keys(limits).length > 0) errorValues[field] = limits;
  }
  return Object.keys(errorValues).length > 0 ? { ok: false, errors, errorValues } : { ok: false, errors };
}

/** A form's values as the page refills them. */
export type FormValues = Record<string, string>;

/**
 * A page action's answer to a form it refused, the one shape of them all (docs/decisions/018): the
 * errors stay message keys (`form` for the whole form) with their interpolation values, and are
 * translated only where the page renders them (`useReplyErrors`, app/components/form.tsx), so that
 * the reply reads the same in every language and the page's own messages say it. `values` refill
 * the form (a page without JavaScript renders the reply); `form` names which of a page's forms was
 * sent when it has several (New Search's SMS, e-mail and link).
 */
export type FormReply<F extends string = string, V extends FormValues = FormValues> = {
  ok: false;
  form?: F;
  values: V;
  errors: FieldErrors;
  errorValues?: ErrorValues;
};

/** The reply to a form its schema refused: `parseForm`'s keys and limits, with the values to refill. */
export function replyOf<V extends FormValues, F extends string = string>(
  failed: { errors: FieldErrors; errorValues?: ErrorValues },
  values: V,
  form?: F,
): FormReply<F, V> {
  return {
    ok: false,
    ...(form === undefined ? {} : { form }),
    values,
    errors: failed.errors,
    ...(failed.errorValues ? { errorValues: failed.errorValues } : {}),
  };
}

/**
 * The reply to a form refused for one reason (a limit, a provider that failed, a wrong password):
 * `key` on `field` (`form`, the whole form, unless told), with its interpolation values.
 */
export function refusal<V extends FormValues = FormValues, F extends string = string>(
  key: MessageKey,
  options: { values?: V; field?: string; errorValues?: Values; form?: F } = {},
): FormReply<F, V> {
  const field = options.field ?? "form";
  return replyOf(
    { errors: { [field]: key }, ...(options.errorValues ? { errorValues: { [field]: options.errorValues } } : {}) },
    // No values: V is inferred from none, so it is the plain record.
    options.values ?? ({} as V),
    options.form,
  );
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
