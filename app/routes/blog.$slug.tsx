import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { guardPage } from "~/auth/guards.server";
import { ArticleList, ArticleMeta, ContentSections } from "~/components/content";
import { findArticle } from "~/content/content.server";
import { pageSeo } from "~/content/seo.server";
import { paths } from "~/http/paths";
import { getLocale, getT } from "~/i18n/i18next.server";
import type { MessagesHandle } from "~/i18n/messages";
import { pageMessages } from "~/i18n/resources.server";
import { useLocalePath, useT } from "~/i18n/use-t";
import { notFoundForPath } from "~/utils/not-found.server";
import { seoMeta } from "~/utils/seo";

export const handle: MessagesHandle = { messages: ["site.blog", "site.readingTime"] };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await guardPage({ request, context }, "visitor");
  const article = findArticle(params.slug ?? "", getLocale(request));
  if (!article) throw await notFoundForPath(request);
  const t = await getT(request);
  return {
    ...pageSeo(request, {
      title: `${article.title} | ${t("brand")}`,
      description: article.description,
      ogType: "article",
      published: article.date,
    }),
    article,
    translations: pageMessages(request, handle),
  };
}

export default function BlogArticle() {
  const { article } = useLoaderData<typeof loader>();
  const t = useT();
  const lp = useLocalePath();
  return (
    <article className="text-page blog-article">
      <p className="back-link">
        <Link to={lp(paths.blog)}>{t("site.blog.all")}</Link>
      </p>
      <h1>{article.title}</h1>
      <ArticleMeta article={article} />
      <p className="lead">{article.description}</p>
      <ContentSections sections={article.sections} />
      {article.related.length > 0 ? (
        <section className="related" aria-labelledby="related-title">
          <h2 id="related-title">{t("site.blog.related")}</h2>
          <ArticleList articles={article.related} level={3} />
        </section>
      ) : null}
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data);
