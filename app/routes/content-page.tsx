import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { guardPage } from "~/auth/guards.server";
import { TextPage } from "~/components/text-page";
import { textPageData } from "~/content/content-page.server";
import type { ContentPageKey } from "~/content/content.server";
import { pagePath } from "~/content/seo.server";
import type { MessagesHandle } from "~/i18n/messages";
import { notFoundForPath, pageNotFound } from "~/utils/not-found.server";
import { unpack } from "~/utils/packed";
import { pageError } from "~/utils/page-error.server";
import { seoMeta } from "~/utils/seo";

/**
 * One module for the pages that are only a heading and sections of text (legal pages, about, FAQ,
 * /200; /404 throws the error page): route-table.js registers it for each path below, and the path picks the content.
 * The refund page, which also takes a form, has its own module (routes/unsubscribe-and-refund.tsx).
 */
const contentByPath = new Map<string, ContentPageKey>([
  ["/about-us", "about"],
  ["/privacy-policy", "privacy"],
  ["/terms-of-use", "terms"],
  ["/cookies-policy", "cookies"],
  ["/intellectual-property", "intellectualProperty"],
  ["/tracking-phone-number", "tracking"],
  ["/faqs", "faqs"],
  ["/200", "ok"],
]);

// The refund form's messages too: the text page component includes it (shown on the refund page).
export const handle: MessagesHandle = { messages: ["payments.refund", "site.readingTime", "consent"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardPage({ request, context }, "visitor");
  // /404 is the error page every missing address shows, with its status.
  if (pagePath(request) === "/404") throw await pageNotFound(request);
  const key = contentByPath.get(pagePath(request));
  if (!key) throw await notFoundForPath(request);
  return textPageData(request, key, handle);
}

/** These pages take no form: a post answers 405 with the translated error page. */
export async function action({ request, context }: ActionFunctionArgs) {
  await guardPage({ request, context }, "visitor");
  throw await pageError(request, 405, "errors.status.405", { Allow: "GET, HEAD" });
}

export default function ContentPage() {
  const { page } = useLoaderData<typeof loader>();
  return <TextPage page={unpack(page)} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data);
