// What a text page's loader answers (routes/content-page.tsx, routes/unsubscribe-and-refund.tsx): its
// content in the page's language, its SEO, and which extra part it shows.
import { data } from "@remix-run/node";

import { contentPage, formatDate, type ContentPageKey } from "~/content.server";
import { getLocale, getT } from "~/i18n/i18next.server";
import type { MessagesHandle } from "~/i18n/messages";
import { routeMessages } from "~/i18n/resources.server";
import { pageSeo } from "~/seo.server";

/** `handle`: the route's messages (docs/decisions/015), sent with the page. */
export async function textPageData(request: Request, key: ContentPageKey, handle: MessagesHandle) {
  const locale = getLocale(request);
  const t = await getT(request);
  const { title, description, updated, ...page } = contentPage(key, locale);
  const notFound = key === "notFound";
  return data(
    {
      ...pageSeo(request, { title, description }),
      page: {
        ...page,
        updated: updated ? t("site.updated", { date: formatDate(updated, locale) }) : undefined,
        refundForm: key === "refund",
        consentSettings: key === "cookies",
        homeLink: notFound,
      },
      noindex: notFound,
      translations: routeMessages(locale, handle),
    },
    { status: notFound ? 404 : 200 },
  );
}

export type TextPageData = Awaited<ReturnType<typeof textPageData>>["data"];
