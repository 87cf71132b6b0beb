// The edge's own answers, in the visitor's language: 400 (a request target or host that is not one),
// 403 (cross-site), 405 (a method the route does not answer), 404 (a path deeper than any route), 413 (too large), 414 (a path longer than any
// address of the site), 421 (a host this server does not answer to), 503 (the database is out for a
// moment: with Retry-After). The JSON API's envelope for
// /api/v1, a small error page for everything else (pages, form posts, callbacks).
import { apiLocale } from "~/api/envelope.server";
import { errorCodeOf } from "~/api/error-codes";
import { BRAND_MARK_SVG } from "~/components/brand";
import { getT } from "~/i18n/i18next.server";
import { htmlLang, isLocale, localeCookieName, localeFromPath, localizePath, type Locale } from "~/i18n/locales";
import { CRITICAL_CSS } from "~/recipient/critical-css";
import { readCookie } from "~/utils/cookies";
import { escapeHtml } from "~/utils/escape-html";

import type { RoutePolicy } from "./policy";

export type RefusedStatus = 400 | 403 | 404 | 405 | 413 | 414 | 421 | 500 | 503;
export type Rejection = { headers: Record<string, string>; body: string };

/** How long a client is asked to wait while the database is out: the time a restart usually takes. */
export const RETRY_AFTER_SECONDS = "30";

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`);

/**
 * The language of a page path (/id, /ph); a resource route's (no prefix), or a request refused before
 * its route was known, takes it from the language cookie.
 */
function pageLocale(path: string, cookie: string | undefined, policy: RoutePolicy | undefined): Locale {
  const fromPath = localeFromPath(path);
  if (fromPath !== "en") return fromPath;
  const remembered = readCookie(cookie ?? null, localeCookieName);
  return policy?.kind !== "page" && isLocale(remembered) ? remembered : fromPath;
}

const PAGE_MESSAGES = {
  400: "errors.badRequest",
  403: "errors.crossSite",
  404: "errors.pageNotFound",
  405: "errors.methodNotAllowed",
  413: "errors.tooLarge",
  414: "errors.addressTooLong",
  421: "errors.wrongHost",
  500: "errors.unexpected",
  503: "errors.unavailable",
} as const;
const API_MESSAGES = {
  ...PAGE_MESSAGES,
  403: "api.crossSite",
  404: "api.notFound",
  405: "api.methodNotAllowed",
  413: "api.bodyTooLarge",
} as const;

/**
 * `policy`: the route the request matched, when it was known (403, 405 and 413 only come after
 * matching); `allow`: the methods a 405's route answers.
 */
export async function rejection(
  status: RefusedStatus,
  request: {
    path: string;
    policy?: RoutePolicy;
    cookie?: string;
    acceptLanguage?: string;
    nonce: string;
    allow?: string;
  },
): Promise<Rejection> {
  const limit = sizeText(request.policy?.limit ?? 0);
  const values = { limit, allow: request.allow ?? "" };
  if (request.path.startsWith("/api/v1/")) {
    const locale = apiLocale(
      new Request("http://localhost/", { headers: { "Accept-Language": request.acceptLanguage ?? "" } }),
    );
    const t = await getT(locale);
    const message = t(API_MESSAGES[status], values);
    return {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Cache-Control": "no-store",
        ...(status === 503 ? { "Retry-After": RETRY_AFTER_SECONDS } : {}),
      },
      body: JSON.stringify({
        status,
        message,
        error: message,
        data: null,
        code: errorCodeOf(API_MESSAGES[status], status),
        field: null,
      }),
    };
  }
  const locale = pageLocale(request.path, request.cookie, request.policy);
  const t = await getT(locale);
  const title = t(`errors.status.${status}`);
  const message = t(PAGE_MESSAGES[status], values);
  const body = `<!DOCTYPE html><html lang="${htmlLang[locale]}" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${status} · ${escapeHtml(title)}</title><style nonce="${request.nonce}">${CRITICAL_CSS}</style></head><body><header class="bare-header"><span class="brand">${BRAND_MARK_SVG}<span>${escapeHtml(t("brand"))}</span></span></header><main id="main"><section class="error-page" aria-labelledby="error-title"><p class="error-code" data-testid="status-code">${status}</p><h1 id="error-title" data-testid="status-message">${escapeHtml(title)}</h1><p data-testid="error-message">${escapeHtml(message)}</p><p><a class="button" href="${localizePath("/", locale)}">${escapeHtml(t("errors.backHome"))}</a></p></section></main></body></html>`;
  return {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      ...(status === 503 ? { "Retry-After": RETRY_AFTER_SECONDS } : {}),
      "Content-Security-Policy": `default-src 'none'; style-src 'nonce-${request.nonce}'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    },
    body,
  };
}
