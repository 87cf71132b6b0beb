import type { PageErrorData } from "~/components/error-page";
import { getLocale, getT } from "~/i18n/i18next.server";
import type { MessageKey } from "~/i18n/keys";
import type { Locale } from "~/i18n/locales";
import { shellMessages } from "~/i18n/messages";
import { routeMessages } from "~/i18n/resources.server";

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  405: "Method Not Allowed",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
};

/**
 * A Response for a page's action to throw: the root error boundary shows it as the translated error
 * page. It carries the shell's messages because no loader runs when an action throws (see PageErrorData).
 * `locale` overrides the request's, for an action posted to an unprefixed path from a localized page.
 */
export async function pageError(
  request: Request,
  status: number,
  key: MessageKey,
  headers?: HeadersInit,
  options: { locale?: Locale; values?: Record<string, string | number> } = {},
) {
  const locale = options.locale ?? getLocale(request);
  const t = await getT(locale);
  const body: PageErrorData = {
    message: t(key, options.values),
    messages: routeMessages(locale, { messages: shellMessages.always }),
  };
  return Response.json(body, { status, statusText: STATUS_TEXT[status], headers });
}
