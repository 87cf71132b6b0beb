import { data } from "@remix-run/node";

import { getT } from "~/i18n/i18next.server";

/** Spec section 2: a route parameter that fails validation → 404 'Page Not Found: {full path}'. */
export async function notFoundForPath(request: Request) {
  const url = new URL(request.url);
  const t = await getT(request);
  return data(t("errors.pageNotFoundPath", { path: url.pathname + url.search }), {
    status: 404,
    statusText: "Not Found",
  });
}
