import { getT } from "~/i18n/i18next.server";

import { pageError } from "./page-error.server";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export type FormDataResult = { ok: true; form: FormData } | { ok: false; status: 400 | 415 };

/**
 * Parses a form body without throwing. `request.formData()` rejects with a TypeError for any other
 * content type, a missing or broken body, which Remix would answer with a 500; this names the fault:
 * 415 for a body that is not a form, 400 for a missing content type or a form that cannot be parsed.
 */
export async function parseFormData(request: Request): Promise<FormDataResult> {
  const mediaType = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!mediaType) return { ok: false, status: 400 };
  if (!FORM_TYPES.includes(mediaType)) return { ok: false, status: 415 };
  try {
    return { ok: true, form: await request.formData() };
  } catch {
    return { ok: false, status: 400 };
  }
}

/**
 * The form of an action. Anything else is thrown as a 400/415 with a translated message: a page's
 * action gets the error page (the root error boundary); a resource route (`plain`: Remix sends what
 * it throws as it is) answers the message as plain text.
 */
export async function readFormData(request: Request, options: { plain?: boolean } = {}): Promise<FormData> {
  const result = await parseFormData(request);
  if (result.ok) return result.form;
  if (!options.plain) throw await pageError(request, result.status, "errors.badForm");
  const t = await getT(request);
  throw new Response(t("errors.badForm"), {
    status: result.status,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
