import { data } from "@remix-run/node";

import { getT } from "~/i18n/i18next.server";

/**
 * Spec section 8's 'Page not found': an address no page answers. /404 answers it too, so that every
 * way of reaching a missing page shows the one error page (the root's boundary, with the site's
 * header and footer).
 */
export async function pageNotFound(request: Request) {
  const t = await getT(request);
  return data(t("errors.pageNotFound"), { status: 404, statusText: "Not Found" });
}

/** Spec section 2: a route parameter that fails validation → 404 'Page Not Found: {full path}'. */
export async function notFoundForPath(request: Request) {
  const url = new URL(request.url);
  const t = await getT(request);
  return data(t("errors.pageNotFoundPath", { path: url.pathname + url.search }), {
    status: 404,
    statusText: "Not Found",
  });
}
