import type { PageErrorData } from "~/components/error-page";
import { getLocale, getT } from "~/i18n/i18next.server";
import { shellMessages } from "~/i18n/messages";
import { routeMessages } from "~/i18n/resources.server";

const STATUS_TEXT: Record<number, string> = { 400: "Bad Request", 405: "Method Not Allowed", 415: "Unsupported Media Type" };

/**
 * A Response for a page's action to throw: the root error boundary shows it as the translated error
 * page. It carries the shell's messages because no loader runs when an action throws (see PageErrorData).
 */
export async function pageError(request: Request, status: number, key: string, headers?: HeadersInit) {
  const t = await getT(request);
  const body: PageErrorData = { message: t(key), messages: routeMessages(getLocale(request), { messages: shellMessages.always }) };
  return Response.json(body, { status, statusText: STATUS_TEXT[status], headers });
}
