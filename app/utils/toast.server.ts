import { createCookie, redirect } from "@remix-run/node";
import { z } from "zod";

import { cookieSecret } from "~/auth/rsa.server";
import { messageKeySchema } from "~/i18n/message-keys.server";
import { config } from "~/server/config.server";

/** A message that survives one redirect. `key` is a message key (app/i18n/keys.ts); `values` interpolate into it. */
export const toastSchema = z.object({
  type: z.enum(["success", "error", "info"]),
  key: messageKeySchema,
  values: z.record(z.union([z.string(), z.number()])).optional(),
});
export type Toast = z.infer<typeof toastSchema>;

/**
 * A form refused across a redirect (the sign-in dialogs post to routes that send the person back to
 * their page): the page actions' `FormReply` (app/utils/parse-form.ts, built with `replyOf` or
 * `refusal`, the one shape the dialogs read), its `form` naming the dialog. Values to refill, never
 * passwords.
 */
export const flashFormSchema = z.object({
  ok: z.literal(false).default(false),
  form: z.string().max(40).optional(),
  errors: z.record(messageKeySchema).default({}),
  errorValues: z.record(z.record(z.union([z.string().max(320), z.number()]))).optional(),
  values: z.record(z.string().max(320)).default({}),
});
export type FlashForm = z.infer<typeof flashFormSchema>;

/**
 * A subscriber's feature a signed-out visitor asked for and was sent home from: the home page says
 * what it is and how to subscribe (app/auth/guards.server.ts).
 */
export const FEATURE_NOTICES = ["voice"] as const;
export type FeatureNotice = (typeof FEATURE_NOTICES)[number];

const flashSchema = z.object({
  toast: toastSchema.optional(),
  form: flashFormSchema.optional(),
  feature: z.enum(FEATURE_NOTICES).optional(),
});
export type Flash = z.infer<typeof flashSchema>;

async function flashCookie() {
  return createCookie("flash", {
    httpOnly: true,
    secure: config().cookieSecure,
    sameSite: "lax",
    path: "/",
    maxAge: 120,
    secrets: [await cookieSecret()],
  });
}

export async function flashHeader(flash: Flash) {
  return (await flashCookie()).serialize(flash);
}

/** Reads and clears the flash; the returned header must go out with the response. */
export async function readFlash(request: Request): Promise<{ flash: Flash | null; headers: Headers }> {
  const headers = new Headers();
  // Most requests carry no flash: no cookie to build and no signature to check.
  const cookies = request.headers.get("Cookie");
  if (!cookies?.includes("flash=")) return { flash: null, headers };
  const cookie = await flashCookie();
  const raw = await cookie.parse(cookies);
  if (raw === null || raw === undefined) return { flash: null, headers };
  headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  const parsed = flashSchema.safeParse(raw);
  return { flash: parsed.success ? parsed.data : null, headers };
}

export async function redirectWithFlash(url: string, flash: Flash, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashHeader(flash));
  return redirect(url, { ...init, headers });
}

export function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  return redirectWithFlash(url, { toast }, init);
}
