// What a text page's loader answers (routes/content-page.tsx, routes/unsubscribe-and-refund.tsx): its
// content in the page's language, its SEO, and which extra part it shows.
import { data } from "@remix-run/node";

import { contentPage, formatDate, pageContent, type ContentPageKey } from "~/content/content.server";
import { pageSeo } from "~/content/seo.server";
import { getLocale, getT } from "~/i18n/i18next.server";
import type { MessagesHandle } from "~/i18n/messages";
import { pageMessages } from "~/i18n/resources.server";
import { packFor, type Packed } from "~/utils/packed";

/** `handle`: the route's messages (docs/decisions/015), sent with the page. */
export async function textPageData(request: Request, key: ContentPageKey, handle: MessagesHandle) {
  const locale = getLocale(request);
  const t = await getT(request);
  const { title, description, updated, ...text } = contentPage(key, locale);
  return data(
    {
      ...pageSeo(request, { title, description }),
      // The page's text changes only with the language and the settings: serialized once
      // (app/utils/packed.ts), for the content of those settings in this language.
      page: packFor(pageContent(locale)[key], `page:${key}`, () => ({
        ...text,
        updated: updated ? t("site.updated", { date: formatDate(updated, locale) }) : undefined,
        refundForm: key === "refund",
        consentSettings: key === "cookies",
      })),
      translations: pageMessages(locale, handle),
    },
    { status: 200 },
  );
}

type Page = Awaited<ReturnType<typeof textPageData>>["data"]["page"];
/** What a text page shows (unpacked). */
export type TextPageData = { page: Page extends Packed<infer T> ? T : never };
