import { Link } from "@remix-run/react";

import type { ArticleSummary, Section } from "~/content/content.server";
import { useLocalePath, useT } from "~/i18n/use-t";

/** Content sections (legal pages, articles, FAQ answers): a heading, paragraphs and an optional list. */
export function ContentSections({ sections, level = 2 }: { sections: Section[]; level?: 2 | 3 }) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <>
      {sections.map((section, i) => (
        // Static content: the position is a stable key.
        <section key={i} className="content-section">
          <Heading>{section.heading}</Heading>
          {section.paragraphs.map((paragraph, j) => (
            <p key={j}>{paragraph}</p>
          ))}
          {section.list?.length ? (
            <ul>
              {section.list.map((item, j) => (
                <li key={j}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </>
  );
}

/** Date and reading time of an article. */
export function ArticleMeta({ article }: { article: Pick<ArticleSummary, "date" | "dateLabel" | "minutes"> }) {
  const t = useT();
  return (
    <p className="article-meta">
      <time dateTime={article.date}>{article.dateLabel}</time>
      <span aria-hidden="true"> · </span>
      <span>{t("site.readingTime", { count: article.minutes })}</span>
    </p>
  );
}

/** An article in a list: its title as the link, date, reading time and description. */
export function ArticleCard({ article, level = 2 }: { article: ArticleSummary; level?: 2 | 3 }) {
  const lp = useLocalePath();
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <div className="article-card">
      <Heading className="article-card-title">
        <Link to={lp(`/blog/${article.slug}`)}>{article.title}</Link>
      </Heading>
      <ArticleMeta article={article} />
      <p>{article.description}</p>
    </div>
  );
}

export function ArticleList({ articles, level = 2 }: { articles: ArticleSummary[]; level?: 2 | 3 }) {
  return (
    <ul className="article-list">
      {articles.map((article) => (
        <li key={article.slug}>
          <ArticleCard article={article} level={level} />
        </li>
      ))}
    </ul>
  );
}
