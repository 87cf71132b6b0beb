import { Link } from "@remix-run/react";

import { useLocalePath, useT } from "~/i18n/use-t";

const KNOWN_STATUSES = [400, 401, 403, 404, 405, 413, 415, 429, 500, 503] as const;
type KnownStatus = (typeof KNOWN_STATUSES)[number];

/** The message key of a status's message; unknown statuses read as 500. */
export function statusKey(status: number) {
  // `includes` does not narrow: the status it found is one of the known ones.
  return `errors.status.${(KNOWN_STATUSES as readonly number[]).includes(status) ? (status as KnownStatus) : 500}` as const;
}

/**
 * The body of an error a page's action throws (page-error.server.ts). Remix runs no loader up to the
 * boundary when an action throws, so the root boundary has no root loader data: the payload brings
 * the page's translations along (the same messages the root loader would have sent).
 */
export type PageErrorData = { message: string; messages: Record<string, unknown> };

export function pageErrorData(data: unknown): PageErrorData | null {
  const value = data as Partial<PageErrorData> | null;
  return value &&
    typeof value === "object" &&
    typeof value.message === "string" &&
    value.messages &&
    typeof value.messages === "object"
    ? (value as PageErrorData)
    : null;
}

/** Spec section 2: the error page shows statusCode, statusMessage and message. */
export function ErrorPage({ status, message }: { status: number; message: string }) {
  const t = useT();
  const lp = useLocalePath();
  const statusMessage = t(statusKey(status));
  const text = message || (status === 404 ? t("errors.pageNotFound") : t("errors.unexpected"));
  // "Page Not Found" over "Page not found" says nothing twice: a sentence that helps takes its place.
  const shown = text.toLowerCase() === statusMessage.toLowerCase() && status === 404 ? t("errors.notFoundHelp") : text;
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-code" data-testid="status-code">
        {status}
      </p>
      <h1 id="error-title" data-testid="status-message">
        {statusMessage}
      </h1>
      <p className="lead" data-testid="error-message">
        {shown}
      </p>
      <Link className="button button-primary" to={lp("/")}>
        {t("errors.backHome")}
      </Link>
    </section>
  );
}
