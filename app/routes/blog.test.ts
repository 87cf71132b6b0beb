import { describe, expect, it } from "vitest";

import { articleSlugs, readingMinutes } from "~/content/content.server";

import { routeArgs, signedInUser } from "../../tests/support/factories";
import { routeData } from "../../tests/support/route-data";
import { loader as blogLoader } from "./blog";
import { loader as articleLoader } from "./blog.$slug";

const page = (path: string, token?: string) =>
  new Request(`http://localhost:3000${path}`, { headers: token ? { Cookie: `token=${token}` } : {} });
const withSlug = (path: string) => ({ ...routeArgs(page(path)), params: { slug: path.split("/").pop() } });

/** What the loader threw (a redirect, or Remix's `data()` for a 404); fails when it throws nothing. */
async function thrown(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return routeData(Promise.reject(error));
  }
  throw new Error("expected the loader to throw");
}

describe("/blog", () => {
  it("lists the ten articles, newest first, with date, reading time and SEO data", async () => {
    const data = await blogLoader(routeArgs(page("/blog")));
    expect(data.articles).toHaveLength(10);
    expect(articleSlugs).toHaveLength(10);
    const dates = data.articles.map((a) => a.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const article of data.articles) {
      expect(article.title).not.toBe("");
      expect(article.minutes).toBeGreaterThanOrEqual(1);
      expect(article.dateLabel).toMatch(/2026/);
    }
    expect(data.articles.map((a) => a.slug)).toEqual(
      expect.arrayContaining([
        "how-to-find-a-lost-phone",
        "track-android-phone-from-iphone",
        "find-a-dead-or-switched-off-phone",
      ]),
    );
    expect(data).toMatchObject({ canonical: "http://localhost:3000/blog", locale: "en", ogType: "website" });
    expect(data.title).toMatch(/Blog/);
  });

  it("speaks the page's language", async () => {
    const en = await blogLoader(routeArgs(page("/blog")));
    const id = await blogLoader(routeArgs(page("/id/blog/")));
    const ph = await blogLoader(routeArgs(page("/ph/blog")));
    expect(id.canonical).toBe("http://localhost:3000/id/blog");
    expect(ph.locale).toBe("ph");
    expect(id.articles[0]!.title).not.toBe(en.articles[0]!.title);
    expect(ph.articles[0]!.title).not.toBe(en.articles[0]!.title);
    expect(id.articles[0]!.dateLabel).toBe("22 September 2026");
  });

  it("sends a signed-in visitor to the dashboard", async () => {
    const { token } = await signedInUser();
    const res = await thrown(blogLoader(routeArgs(page("/id/blog", token))));
    expect(res.headers.get("Location")).toBe("/id/dashboard/");
  });
});

describe("/blog/:slug", () => {
  it("shows an article with sections, reading time and related articles", async () => {
    const { article, ...seo } = await articleLoader(withSlug("/blog/how-to-find-a-lost-phone"));
    expect(article.title).toBe("How to Find a Lost Phone: A Calm, Step-by-Step Guide");
    expect(article.sections.length).toBeGreaterThan(2);
    expect(article.sections.some((s) => (s.list ?? []).length > 0)).toBe(true);
    expect(article.minutes).toBe(readingMinutes(article));
    expect(article.related.map((r) => r.slug)).toEqual([
      "find-a-dead-or-switched-off-phone",
      "track-android-phone-from-iphone",
    ]);
    expect(article.related[0]).toMatchObject({ title: expect.any(String), minutes: expect.any(Number) });
    expect(seo).toMatchObject({
      title: "How to Find a Lost Phone: A Calm, Step-by-Step Guide | Family Locator",
      canonical: "http://localhost:3000/blog/how-to-find-a-lost-phone",
      ogType: "article",
      published: "2026-01-14",
    });
  });

  it("links only to articles that exist, in every language", async () => {
    for (const prefix of ["", "/id", "/ph"]) {
      for (const slug of articleSlugs) {
        const { article } = await articleLoader(withSlug(`${prefix}/blog/${slug}`));
        expect(article.related.length, `${prefix}/blog/${slug}`).toBeGreaterThan(0);
        for (const related of article.related) expect(articleSlugs).toContain(related.slug);
      }
    }
  });

  it("answers an unknown slug with 404 'Page Not Found: {full path}'", async () => {
    const error = await thrown(articleLoader(withSlug("/blog/nope")));
    expect(error.status).toBe(404);
    expect(error.data).toBe("Page Not Found: /blog/nope");
    const inherited = await thrown(articleLoader(withSlug("/id/blog/constructor")));
    expect(inherited.status).toBe(404);
    expect(inherited.data).toContain("/id/blog/constructor");
  });
});

describe("reading time", () => {
  const words = (n: number) => Array.from({ length: n }, () => "word").join(" ");
  it("counts about 200 words a minute, at least one", () => {
    expect(readingMinutes({ title: "", sections: [] })).toBe(1);
    expect(readingMinutes({ title: "", sections: [{ heading: "", paragraphs: [words(600)] }] })).toBe(3);
    expect(
      readingMinutes({ title: "", sections: [{ heading: "", paragraphs: [words(350)], list: [words(50)] }] }),
    ).toBe(2);
  });
});
