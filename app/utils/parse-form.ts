// The one way a form's values meet their zod schema (docs/decisions/018-one-schema-per-input.md).
import type { z } from "zod";

/** The first error of each field, by the form's field names; `form` for the whole form. */
export type FieldErrors = Record<string, string>;

export type ParsedForm<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** Fills a message in: `min` and `max` come from the check that failed (`.min(10)`, `.max(60)`). */
export type Translate = (key: string, values: { min?: number; max?: number }) => string;

/**
 * Validates a form's values with its schema: the parsed data, or the first error of each field. The
 * schemas' messages are translation keys: they come back as keys, or translated when `t` is given.
 * `fields` names the form's field for a schema key the form calls otherwise (the JSON API's
 * `requesterName` is New Search's `name`).
 */
export function parseForm<S extends z.ZodTypeAny>(
  schema: S,
  values: unknown,
  options: { fields?: Record<string, string>; t?: Translate } = {},
): ParsedForm<z.output<S>> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data as z.output<S> };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "form";
    const field = options.fields?.[key] ?? key;
    errors[field] ??= options.t ? options.t(issue.message, limitsOf(issue)) : issue.message;
  }
  return { ok: false, errors };
}

function limitsOf(issue: z.ZodIssue) {
  if (issue.code === "too_small") return { min: Number(issue.minimum) };
  if (issue.code === "too_big") return { max: Number(issue.maximum) };
  return {};
}

/**
 * A check of the domain's own inside a schema (a mobile number, an e-mail address that can receive
 * a request), as opposed to a size or type check: the JSON API answers it with its own message, where
 * a size or type check names the field (docs/decisions/018).
 */
export function addDomainIssue(ctx: z.RefinementCtx, key: string, path: (string | number)[] = []) {
  ctx.addIssue({ code: "custom", message: key, path, params: { domain: true } });
}

export function isDomainIssue(issue: z.ZodIssue) {
  return issue.code === "custom" && issue.params?.domain === true;
}
