import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { guardPage } from "~/auth/guards.server";
import { ArticleList } from "~/components/content";
import { articleList } from "~/content/content.server";
import { pageSeo } from "~/content/seo.server";
import { getLocale, getT } from "~/i18n/i18next.server";
import type { MessagesHandle } from "~/i18n/messages";
import { pageMessages } from "~/i18n/resources.server";
import { useT } from "~/i18n/use-t";
import { seoMeta } from "~/utils/seo";

export const handle: MessagesHandle = { messages: ["site.blog", "site.readingTime"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardPage({ request, context }, "visitor");
  const t = await getT(request);
  return {
    ...pageSeo(request, { title: t("site.blog.title"), description: t("site.blog.description") }),
    articles: articleList(getLocale(request)),
    translations: pageMessages(request, handle),
  };
}

export default function Blog() {
  const { articles } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className="blog">
      <h1>{t("site.blog.heading")}</h1>
      <p className="lead">{t("site.blog.intro")}</p>
      <ArticleList articles={articles} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data);
