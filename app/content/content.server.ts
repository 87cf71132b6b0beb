// Page and blog content (locales/<locale>/pages.json and blog.json). Server only: a route's loader
// passes on the part its page shows, so the browser never downloads whole content files.
import { z } from "zod";

import { paymentTerms } from "~/billing/plans.server";
import { intlLocale, type Locale } from "~/i18n/locales";
import { commonMessages } from "~/i18n/resources.server";
import { createTranslate } from "~/i18n/translate";
import { RETENTION_TEXT_VALUES, type RetentionSetting } from "~/privacy/retention-settings";
import { config } from "~/server/config.server";
import { dateTimeFormat } from "~/utils/intl-cache";

import enBlog from "../../locales/en/blog.json";
import enPages from "../../locales/en/pages.json";
import idBlog from "../../locales/id/blog.json";
import idPages from "../../locales/id/pages.json";
import phBlog from "../../locales/ph/blog.json";
import phPages from "../../locales/ph/pages.json";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const section = z.object({
  heading: z.string(),
  paragraphs: z.array(z.string()),
  list: z.array(z.string()).optional(),
});
const seo = { title: z.string(), description: z.string() };
const textPage = z.object({
  ...seo,
  heading: z.string(),
  intro: z.string().optional(),
  updated: isoDate.optional(),
  sections: z.array(section),
});
const notice = z.object({ ...seo, heading: z.string(), text: z.string() });
const titled = z.object({ title: z.string(), text: z.string() });
const faq = z.object({ q: z.string(), a: z.string() });

const pagesSchema = z.object({
  about: textPage,
  contact: z.object({ ...seo, heading: z.string(), intro: z.string() }),
  privacy: textPage,
  terms: textPage,
  cookies: textPage,
  intellectualProperty: textPage,
  refund: textPage,
  tracking: textPage,
  faqs: z.object({ ...seo, heading: z.string(), items: z.array(faq) }),
  home: z.object({
    ...seo,
    howItWorks: z.object({ heading: z.string(), steps: z.array(titled) }),
    benefits: z.object({ heading: z.string(), items: z.array(titled) }),
    faqHeading: z.string(),
  }),
  ok: notice,
});

const articleSchema = z.object({
  title: z.string(),
  description: z.string(),
  date: isoDate,
  sections: z.array(section),
  related: z.array(z.string()),
});
const blogSchema = z.object({ articles: z.record(articleSchema) });

export type Section = z.infer<typeof section>;
export type TextPage = z.infer<typeof textPage>;
export type Faq = z.infer<typeof faq>;
type Pages = z.infer<typeof pagesSchema>;
type Article = z.infer<typeof articleSchema>;

/** The pages whose content is a heading, an optional intro and date, and sections. */
export type TextPageKey = "about" | "privacy" | "terms" | "cookies" | "intellectualProperty" | "refund" | "tracking";

// Parsed once at start: a content file that lost a field fails loudly instead of rendering blanks.
const parsedPages = {
  en: pagesSchema.parse(enPages),
  id: pagesSchema.parse(idPages),
  ph: pagesSchema.parse(phPages),
} satisfies Record<Locale, Pages>;
const parsedBlogs = {
  en: blogSchema.parse(enBlog).articles,
  id: blogSchema.parse(idBlog).articles,
  ph: blogSchema.parse(phBlog).articles,
} satisfies Record<Locale, Record<string, Article>>;

/**
 * The settings the texts name, as i18next-style `{{name}}` values: the support address
 * (CONTACT_EMAIL), how long each kind of personal data is kept (app/privacy/retention.server.ts
 * RETENTION_TEXT_VALUES: RETENTION_DAYS as `retentionPeriod`, …) and how long a sign-in lasts
 * (SESSION_TTL_DAYS), the periods with the language's own plural ("1 day", "7 days", "7 hari"), and
 * the plan's prices as the payment dialog shows them (`firstDayPrice`, `renewalPrice`, `periodDays`).
 */
function configuredTextValues(locale: Locale) {
  const c = config();
  const t = createTranslate(commonMessages[locale], locale);
  const periods = Object.entries(RETENTION_TEXT_VALUES).map(([setting, name]) => [
    name,
    t("common.days", { count: c[setting as RetentionSetting] }),
  ]);
  return {
    contactEmail: c.CONTACT_EMAIL,
    ...Object.fromEntries(periods),
    sessionPeriod: t("common.days", { count: c.SESSION_TTL_DAYS }),
    ...priceTextValues(locale),
  };
}

/** The plan's prices in a language, as the home page, the FAQ, the terms and the payment dialog name them. */
export function priceTextValues(locale: Locale) {
  const terms = paymentTerms(locale);
  return { firstDayPrice: terms.firstDayDebitAmount, renewalPrice: terms.amount, periodDays: String(terms.period) };
}

type Strings = string | Strings[] | { [key: string]: Strings };

/** Fills the known `{{name}}` placeholders of every string in a content tree. */
function fill<T>(node: T, values: Record<string, string>): T {
  const visit = (value: Strings): Strings => {
    if (typeof value === "string")
      return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
    if (Array.isArray(value)) return value.map(visit);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v)]));
  };
  return visit(node as Strings) as T;
}

// Filled once per language and settings: the settings are one object until the environment is read
// again (tests change it between cases), so a page view costs one lookup.
const filled = new WeakMap<object, Map<Locale, { pages: Pages; blog: Record<string, Article> }>>();
function content(locale: Locale) {
  const settings = config();
  let byLocale = filled.get(settings);
  if (!byLocale) filled.set(settings, (byLocale = new Map()));
  let found = byLocale.get(locale);
  if (!found) {
    const values = configuredTextValues(locale);
    found = { pages: fill(parsedPages[locale], values), blog: fill(parsedBlogs[locale], values) };
    byLocale.set(locale, found);
  }
  return found;
}

export function pageContent(locale: Locale): Pages {
  return content(locale).pages;
}

/** Pages shown by the one generic content page: the text pages, the FAQ and the two notices. */
export type ContentPageKey = TextPageKey | "faqs" | "ok";

export function faqSections(items: Faq[]): Section[] {
  return items.map(({ q, a }) => ({ heading: q, paragraphs: [a] }));
}

/** Any content page in the shape of a text page: FAQ items become sections, a notice's text the intro. */
export function contentPage(key: ContentPageKey, locale: Locale): TextPage {
  const all = pageContent(locale);
  if (key === "faqs") {
    const { items, ...rest } = all.faqs;
    return { ...rest, sections: faqSections(items) };
  }
  if (key === "ok") {
    const { text, ...rest } = all[key];
    return { ...rest, intro: text, sections: [] };
  }
  return all[key];
}

/** Blog slugs in the order of the content file (the same in every language). */
export const articleSlugs: readonly string[] = Object.keys(parsedBlogs.en);

const WORDS_PER_MINUTE = 200;

function wordCount(texts: string[]) {
  return texts.reduce((sum, text) => sum + (text.match(/\S+/g)?.length ?? 0), 0);
}

/** Minutes to read an article at about 200 words a minute; at least one. */
export function readingMinutes(article: Pick<Article, "title" | "sections">) {
  const texts = [article.title, ...article.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...(s.list ?? [])])];
  return Math.max(1, Math.round(wordCount(texts) / WORDS_PER_MINUTE));
}

/** "2026-01-14" as a long date in the page's language; UTC, so no time zone moves it a day. */
export function formatDate(isoDay: string, locale: Locale) {
  return dateTimeFormat(intlLocale[locale], { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${isoDay}T00:00:00Z`),
  );
}

/** What a list or a link shows of an article. */
export type ArticleSummary = {
  slug: string;
  title: string;
  description: string;
  date: string;
  dateLabel: string;
  minutes: number;
};

function summary(slug: string, article: Article, locale: Locale): ArticleSummary {
  const { title, description, date } = article;
  return { slug, title, description, date, dateLabel: formatDate(date, locale), minutes: readingMinutes(article) };
}

/** Newest first. */
export function articleList(locale: Locale): ArticleSummary[] {
  return Object.entries(content(locale).blog)
    .map(([slug, article]) => summary(slug, article, locale))
    .sort((a, b) => b.date.localeCompare(a.date));
}

export function findArticle(slug: string, locale: Locale) {
  const blog = content(locale).blog;
  const article = Object.hasOwn(blog, slug) ? blog[slug] : undefined;
  if (!article) return null;
  const related = article.related.flatMap((other) => {
    const found = blog[other];
    return found ? [summary(other, found, locale)] : [];
  });
  return { ...summary(slug, article, locale), sections: article.sections, related };
}
