// The edge's own answers (403 cross-site, 413 too large), in the visitor's language: the JSON API's
// envelope for /api/v1, a small error page for everything else (pages, form posts, callbacks).
import { apiLocale } from "~/api/envelope.server";
import { getT } from "~/i18n/i18next.server";
import { htmlLang, isLocale, localeCookieName, localeFromPath, localizePath, type Locale } from "~/i18n/locales";
import { CRITICAL_CSS } from "~/recipient/critical-css";
import { readCookie } from "~/utils/cookies";

import { routePolicy } from "./policy";

export type Rejection = { headers: Record<string, string>; body: string };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`);

/** The language of a page path (/id, /ph); a resource route's (no prefix) comes from the language cookie. */
function pageLocale(path: string, cookie: string | undefined): Locale {
  const fromPath = localeFromPath(path);
  if (fromPath !== "en") return fromPath;
  const remembered = readCookie(cookie ?? null, localeCookieName);
  return routePolicy(path).kind === "resource" && isLocale(remembered) ? remembered : fromPath;
}

export async function rejection(
  status: 403 | 413,
  request: { path: string; cookie?: string; acceptLanguage?: string; nonce: string },
): Promise<Rejection> {
  const policy = routePolicy(request.path);
  const limit = sizeText(policy.limit);
  if (request.path.startsWith("/api/v1/")) {
    const locale = apiLocale(
      new Request("http://localhost/", { headers: { "Accept-Language": request.acceptLanguage ?? "" } }),
    );
    const t = await getT(locale);
    const message = status === 413 ? t("api.bodyTooLarge", { limit }) : t("api.crossSite");
    return {
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
      body: JSON.stringify({ status, message, error: message, data: null }),
    };
  }
  const locale = pageLocale(request.path, request.cookie);
  const t = await getT(locale);
  const title = t(`errors.status.${status}`);
  const message = status === 413 ? t("errors.tooLarge", { limit }) : t("errors.crossSite");
  const body = `<!DOCTYPE html><html lang="${htmlLang[locale]}" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${status} · ${escapeHtml(title)}</title><style nonce="${request.nonce}">${CRITICAL_CSS}</style></head><body><header class="bare-header">${escapeHtml(t("brand"))}</header><main id="main"><section class="error-page" aria-labelledby="error-title"><p class="error-code" data-testid="status-code">${status}</p><h1 id="error-title" data-testid="status-message">${escapeHtml(title)}</h1><p data-testid="error-message">${escapeHtml(message)}</p><p><a class="button" href="${localizePath("/", locale)}">${escapeHtml(t("errors.backHome"))}</a></p></section></main></body></html>`;
  return {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": `default-src 'none'; style-src 'nonce-${request.nonce}'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    },
    body,
  };
}
