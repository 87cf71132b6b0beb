// Customer reviews end to end on the server: only people who have had a subscription write one (one
// each), bad input gets 400s with message keys the page translates, an edit goes back to moderation, the author can delete it,
// operators publish and hide (the functions behind `npm run reviews`), and the home page shows only
// published reviews, in the page's language first, with the real average and count.
import { beforeEach, describe, expect, it } from "vitest";

import { pageContent } from "~/content/content.server";
import { db } from "~/db/db.server";
import { getT } from "~/i18n/i18next.server";
import { defaultDisplayName, homeReviews, listReviews, setReviewStatus } from "~/reviews/reviews.server";
import { onSimplePath } from "~/server/speed-tricks.server";

import { createUser, formRequest, routeArgs, signedInUser, thrownResponse } from "../../tests/support/factories";
import { replyTexts } from "../../tests/support/reply-text";
import { routeData } from "../../tests/support/route-data";
import { action, handle, loader } from "./dashboard.modules.review";
import { loader as homeLoader } from "./home";

const good = { rating: "4", text: "It found my mother's phone at the bus station quickly.", displayName: "Ana R." };
const cookie = (token: string) => ({ Cookie: `token=${token}` });
const post = (path: string, token: string, fields: Record<string, string>) =>
  routeData(action(routeArgs(formRequest(path, fields, cookie(token)))));
const page = async (path: string, token: string) =>
  (await routeData(loader(routeArgs(new Request(`http://localhost:3000${path}`, { headers: cookie(token) }))))).data;

/** A user with a stored review in `locale`, published when asked, written at `writtenAt`. */
async function review(
  rating: number,
  locale: string,
  options: { published?: boolean; writtenAt?: Date; text?: string } = {},
) {
  const { user } = await createUser();
  return db().review.create({
    data: {
      userId: user.id,
      rating,
      locale,
      text: options.text ?? `A review in ${locale} rated ${rating}, long enough to count.`,
      displayName: `Reviewer ${rating}`,
      status: options.published === false ? "pending" : "published",
      writtenAt: options.writtenAt ?? new Date(),
    },
  });
}

beforeEach(async () => {
  await db().review.deleteMany();
});

describe("writing a review", () => {
  it("is for people who have had a subscription: active, cancelled or expired, not none or refunded", async () => {
    for (const options of [{}, { state: "cancelled" }, { days: -10, state: "expired" }, { days: -10 }]) {
      const { token } = await signedInUser(options);
      expect((await page("/dashboard/modules/Review", token)).allowed).toBe(true);
    }
    const refunded = await signedInUser({ state: "unsubscribed", days: -1 });
    expect((await page("/dashboard/modules/Review", refunded.token)).allowed).toBe(false);
    const refused = await post("/id/dashboard/modules/Review", refunded.token, good);
    expect(refused.status).toBe(403);
    expect(refused.data.errors.form).toBe("reviews.errors.notSubscriber");
    expect(replyTexts(refused.data, "id", handle).form).toBe((await getT("id"))("reviews.errors.notSubscriber"));

    const never = await signedInUser();
    await db().subscription.delete({ where: { userId: never.user.id } });
    expect((await post("/dashboard/modules/Review", never.token, good)).status).toBe(403);
    expect(await db().review.count()).toBe(0);

    const anonymous = await thrownResponse(
      loader(routeArgs(new Request("http://localhost:3000/ph/dashboard/modules/Review"))),
    );
    expect(anonymous.headers.get("Location")).toBe("/ph");
  });

  it("refuses bad input with translated errors and 400, keeping what was typed", async () => {
    const { token } = await signedInUser();
    const t = await getT("ph");
    const answer = await post("/ph/dashboard/modules/Review", token, {
      rating: "6",
      text: "Too short",
      displayName: " ",
    });
    expect(answer.status).toBe(400);
    expect(replyTexts(answer.data, "ph", handle)).toEqual({
      rating: t("reviews.errors.ratingRequired"),
      text: t("reviews.errors.textTooShort", { min: 20 }),
      displayName: t("reviews.errors.nameRequired"),
    });
    expect(answer.data.values.text).toBe("Too short");
    const missing = await post("/dashboard/modules/Review", token, {
      text: "x".repeat(1001),
      displayName: "x".repeat(61),
    });
    expect(missing.status).toBe(400);
    expect(replyTexts(missing.data, "en", handle)).toEqual({
      rating: "Choose a rating from 1 to 5.",
      text: "Use at most 1000 characters.",
      displayName: "Use at most 60 characters.",
    });
    expect(await db().review.count()).toBe(0);
  });

  it("stores one pending review per user in the page's language; an edit replaces it and goes back to pending", async () => {
    const { token, user } = await signedInUser();
    await db().user.update({ where: { id: user.id }, data: { name: "Maria", surname: "santos" } });
    expect((await page("/dashboard/modules/Review", token)).defaultName).toBe("Maria S.");

    const saved = await post("/id/dashboard/modules/Review", token, good);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/id/dashboard/modules/Review");
    const stored = await db().review.findUniqueOrThrow({ where: { userId: user.id } });
    expect(stored).toMatchObject({
      rating: 4,
      text: good.text,
      displayName: "Ana R.",
      locale: "id",
      status: "pending",
    });

    expect(await setReviewStatus(stored.id, "published")).toBe(true);
    expect((await page("/dashboard/modules/Review", token)).review?.status).toBe("published");

    await post("/ph/dashboard/modules/Review", token, {
      ...good,
      rating: "5",
      text: "  Even better after a month of using it.  ",
    });
    expect(await db().review.count({ where: { userId: user.id } })).toBe(1);
    const edited = await db().review.findUniqueOrThrow({ where: { userId: user.id } });
    expect(edited).toMatchObject({
      id: stored.id,
      rating: 5,
      text: "Even better after a month of using it.",
      locale: "ph",
      status: "pending",
      publishedAt: null,
    });
  });

  it("lets the author delete the review", async () => {
    const { token, user } = await signedInUser();
    await post("/dashboard/modules/Review", token, good);
    const deleted = await post("/dashboard/modules/Review", token, { intent: "delete" });
    expect(deleted.status).toBe(302);
    expect(await db().review.count({ where: { userId: user.id } })).toBe(0);
    expect((await page("/dashboard/modules/Review", token)).review).toBeNull();
  });

  it("limits how often a user changes the review", async () => {
    const { token } = await signedInUser();
    for (let i = 0; i < 10; i++) expect((await post("/dashboard/modules/Review", token, good)).status).toBe(302);
    const limited = await post("/dashboard/modules/Review", token, good);
    expect(limited.status).toBe(429);
    expect(replyTexts(limited.data, "en", handle).form).toBe("Too many changes. Please try again later.");
  });

  it("defaults the display name to the first name and the surname's initial", () => {
    expect(defaultDisplayName({ name: " Budi ", surname: "hartono" })).toBe("Budi H.");
    expect(defaultDisplayName({ name: "Joy", surname: null })).toBe("Joy");
    expect(defaultDisplayName({ name: null, surname: null })).toBe("");
  });
});

describe("moderation (npm run reviews)", () => {
  it("lists pending reviews, publishes and hides them, and says when an id does not exist", async () => {
    const a = await review(5, "en", { published: false });
    const b = await review(3, "en", { published: false });
    expect((await listReviews({ pending: true })).map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect(await setReviewStatus(a.id, "published")).toBe(true);
    expect((await listReviews({ pending: true })).map((r) => r.id)).toEqual([b.id]);
    expect((await homeReviews("en"))?.items.map((r) => r.id)).toEqual([a.id]);
    expect(await setReviewStatus(a.id, "hidden")).toBe(true);
    expect(await homeReviews("en")).toBeNull();
    expect((await listReviews()).map((r) => r.status).sort()).toEqual(["hidden", "pending"]);
    expect(await setReviewStatus("no-such-id", "published")).toBe(false);
  });
});

describe("home page reviews", () => {
  const home = async (path: string) =>
    (await routeData(homeLoader(routeArgs(new Request(`http://localhost:3000${path}`))))).data.reviews;

  it("has no reviews section while nothing is published", async () => {
    await review(5, "en", { published: false });
    expect(await home("/")).toBeNull();
  });

  it("shows only published reviews with their real average and count, the page's language first, newest first", async () => {
    const day = (n: number) => new Date(Date.UTC(2026, 10, n));
    const en1 = await review(5, "en", { writtenAt: day(1) });
    const en2 = await review(4, "en", { writtenAt: day(3) });
    const id1 = await review(2, "id", { writtenAt: day(2) });
    await review(1, "en", { published: false, writtenAt: day(4) });

    const en = await home("/");
    expect(en).toMatchObject({ count: 3, averageValue: 3.7, average: "3.7" });
    expect(en?.items.map((r) => r.id)).toEqual([en2.id, en1.id, id1.id]);
    expect(en?.items[0]).toMatchObject({
      rating: 4,
      displayName: "Reviewer 4",
      date: "November 3, 2026",
      isoDate: "2026-11-03",
      lang: "en",
    });

    const id = await home("/id");
    expect(id).toMatchObject({ count: 3, average: "3,7" });
    expect(id?.items.map((r) => r.id)).toEqual([id1.id, en2.id, en1.id]);
    expect(id?.items[0]?.date).toBe("2 November 2026");
    expect(id?.items[1]?.lang).toBe("en");
  });

  it("with more reviews than it shows, picks as one sorted list would: the page's language first, then the newest of the others", async () => {
    // Eleven published reviews on distinct days in three languages, and newer unpublished ones.
    const plan: [number, "en" | "id" | "ph", number][] = [
      [5, "en", 1],
      [4, "ph", 2],
      [3, "en", 3],
      [5, "id", 4],
      [2, "ph", 5],
      [4, "en", 6],
      [1, "en", 7],
      [5, "ph", 8],
      [3, "en", 9],
      [4, "id", 10],
      [5, "en", 11],
    ];
    const written: { id: string; locale: string; day: number; rating: number }[] = [];
    for (const [rating, locale, day] of plan) {
      const { id } = await review(rating, locale, { writtenAt: new Date(Date.UTC(2026, 9, day)) });
      written.push({ id, locale, day, rating });
    }
    await review(1, "id", { published: false, writtenAt: new Date(Date.UTC(2026, 9, 20)) });
    for (const locale of ["en", "id", "ph"] as const) {
      const expected = [...written]
        .sort((a, b) => Number(b.locale === locale) - Number(a.locale === locale) || b.day - a.day)
        .slice(0, 6)
        .map((r) => r.id);
      const shown = await home(locale === "en" ? "/" : `/${locale}`);
      expect(
        shown?.items.map((r) => r.id),
        locale,
      ).toEqual(expected);
      expect(shown?.count).toBe(11);
      expect(shown?.averageValue).toBe(Math.round((41 / 11) * 10) / 10);
    }
  });

  it("keeps its answer while no review changes, and reads again after any write, also one made outside the app", async () => {
    const a = await review(5, "en", { writtenAt: new Date(Date.UTC(2026, 9, 1)) });
    const b = await review(3, "en", { writtenAt: new Date(Date.UTC(2026, 9, 2)) });
    const first = await homeReviews("en");
    expect(first?.items.map((r) => r.id)).toEqual([b.id, a.id]);
    expect(await homeReviews("en")).toBe(first);
    // A statement no app code made: a trigger raises the reviews' version.
    await db().$executeRaw`UPDATE "Review" SET "text" = 'Changed by hand, long enough to count.' WHERE "id" = ${a.id}`;
    const edited = await homeReviews("en");
    expect(edited).not.toBe(first);
    // The simple path the bench measures this against (reading them on every view) answers alike.
    expect(edited).toEqual(await onSimplePath(["reviews-cache"], () => homeReviews("en")));
    expect(edited?.items.find((r) => r.id === a.id)?.text).toBe("Changed by hand, long enough to count.");
    // A deleted user takes their review along (a cascade in the database).
    await db().user.delete({ where: { id: b.userId } });
    expect((await homeReviews("en"))?.items.map((r) => r.id)).toEqual([a.id]);
    expect((await homeReviews("id"))?.items.map((r) => r.id)).toEqual([a.id]);
    expect(await homeReviews("id")).toEqual(await onSimplePath(["reviews-cache"], () => homeReviews("id")));
    await db().review.deleteMany();
    expect(await homeReviews("en")).toBeNull();
  });

  it("shows a handful: six, but counts them all", async () => {
    for (let i = 0; i < 8; i++) await review(5, "ph");
    const ph = await home("/ph");
    expect(ph?.items).toHaveLength(6);
    expect(ph).toMatchObject({ count: 8, average: "5.0" });
  });
});

describe("privacy policy", () => {
  it("says in every language that reviews are stored, published after moderation and deletable", () => {
    for (const [locale, word] of [
      ["en", "review"],
      ["id", "ulasan"],
      ["ph", "pagsusuri"],
    ] as const) {
      const text = pageContent(locale)
        .privacy.sections.flatMap((s) => [...s.paragraphs, ...(s.list ?? [])])
        .join(" ")
        .toLowerCase();
      expect(text).toContain(word);
      expect(pageContent(locale).home).not.toHaveProperty("reviews");
    }
  });
});
