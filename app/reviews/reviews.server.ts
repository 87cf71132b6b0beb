// Customer reviews: written by people who have had a subscription, shown on the home page only after
// an operator has published them (`npm run reviews`, scripts/reviews.ts). Nothing here is invented:
// the home page shows stored, published reviews and their real average, or no section at all.
import { z } from "zod";

import { db, firstRow, isDatabaseUnavailable, rows } from "~/db/db.server";
import type { KeyUnder } from "~/i18n/keys";
import { htmlLang, intlLocale, isLocale, type Locale } from "~/i18n/locales";
import { log } from "~/server/log.server";
import { trickOn } from "~/server/speed-tricks.server";

import { REVIEW_LIMITS } from "./reviews";

/** How many reviews the home page shows. */
export const HOME_REVIEWS = 6;

export type ReviewStatus = "pending" | "published" | "hidden";

const errorKey = (name: KeyUnder<"reviews.errors">) => `reviews.errors.${name}` as const;
export const reviewSchema = z.object({
  rating: z.coerce
    .number({ invalid_type_error: errorKey("ratingRequired") })
    .int(errorKey("ratingRequired"))
    .min(1, errorKey("ratingRequired"))
    .max(5, errorKey("ratingRequired")),
  text: z
    .string()
    .trim()
    .min(1, errorKey("textRequired"))
    .min(REVIEW_LIMITS.textMin, errorKey("textTooShort"))
    .max(REVIEW_LIMITS.text, errorKey("textTooLong")),
  displayName: z.string().trim().min(1, errorKey("nameRequired")).max(REVIEW_LIMITS.name, errorKey("nameTooLong")),
});

/**
 * Whoever has used the product may review it: a subscription that is active, cancelled (still valid)
 * or expired. No subscription at all, or a refunded one ("unsubscribed"), may not.
 */
export async function mayReview(userId: string) {
  const sub = await db().subscription.findUnique({ where: { userId }, select: { state: true } });
  return !!sub && sub.state !== "unsubscribed";
}

/** The name shown under a review unless its author picks another: first name and surname initial. */
export function defaultDisplayName(user: { name: string | null; surname: string | null }) {
  const first = user.name?.trim() ?? "";
  const initial = user.surname?.trim().charAt(0).toUpperCase() ?? "";
  return [first, initial ? `${initial}.` : ""].filter(Boolean).join(" ").slice(0, REVIEW_LIMITS.name);
}

export async function defaultDisplayNameFor(userId: string) {
  const user = await db().user.findUnique({ where: { id: userId }, select: { name: true, surname: true } });
  return user ? defaultDisplayName(user) : "";
}

export function ownReview(userId: string) {
  return db().review.findUnique({ where: { userId } });
}

/** Writes (or rewrites) the user's one review. Any edit goes back to moderation. */
export function saveReview(userId: string, input: z.output<typeof reviewSchema>, locale: Locale, now = new Date()) {
  const fields = { ...input, locale, status: "pending", writtenAt: now, publishedAt: null };
  return db().review.upsert({ where: { userId }, create: { userId, ...fields }, update: fields });
}

export async function deleteReview(userId: string) {
  const { count } = await db().review.deleteMany({ where: { userId } });
  return count > 0;
}

// ---- Operator (scripts/reviews.ts) ----

export function listReviews(options: { pending?: boolean } = {}) {
  return db().review.findMany({
    where: options.pending ? { status: "pending" } : {},
    orderBy: { writtenAt: "desc" },
    include: { user: { select: { email: true } } },
  });
}

/** Publishes or hides one review; false when there is no review with that id. */
export async function setReviewStatus(id: string, status: Exclude<ReviewStatus, "pending">, now = new Date()) {
  const { count } = await db().review.updateMany({
    where: { id },
    data: { status, publishedAt: status === "published" ? now : null },
  });
  return count > 0;
}

// ---- Home page ----

export type ShownReview = {
  id: string;
  rating: number;
  text: string;
  displayName: string;
  date: string;
  isoDate: string;
  lang: string;
};
export type HomeReviews = { average: string; averageValue: number; count: number; items: ShownReview[] };

// Making an Intl formatter costs more than the rest of the section: one pair per language.
const formats = new Map<Locale, { day: Intl.DateTimeFormat; average: Intl.NumberFormat }>();
function formatsOf(locale: Locale) {
  let pair = formats.get(locale);
  if (!pair)
    formats.set(
      locale,
      (pair = {
        day: new Intl.DateTimeFormat(intlLocale[locale], { dateStyle: "long", timeZone: "UTC" }),
        average: new Intl.NumberFormat(intlLocale[locale], { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
      }),
    );
  return pair;
}

/**
 * The published reviews the home page shows: those written in the page's language first, then the
 * others, each group newest first; with the average and count of all published reviews. Null when
 * nothing is published, so the page shows no reviews section at all.
 */
export async function homeReviews(locale: Locale, limit = HOME_REVIEWS): Promise<HomeReviews | null> {
  // Read on every visit to the home page, so kept per language while the reviews' version stays the
  // same: database triggers raise it on every write to "Review" (prisma/migrations, ContentVersion),
  // whichever process or command makes it. The version is read first, so what is kept is never older
  // than the version it is kept under.
  // The simple path, for the bench only (app/server/speed-tricks.server.ts): read them every time.
  if (!trickOn("reviews-cache")) return readHomeReviews(locale, limit);
  const current = await reviewsVersion();
  const key = `${locale}|${limit}`;
  const kept = homeReviewsKept.get(key);
  if (current && kept?.version === current.version) return kept.reviews;
  const reviews = await readHomeReviews(locale, limit);
  if (current) homeReviewsKept.set(key, { version: current.version, reviews });
  return reviews;
}

/**
 * The home page's reviews, or none while the database is out: the page still answers (its other
 * parts need no database), without its reviews.
 */
export async function homeReviewsIfAvailable(locale: Locale, limit = HOME_REVIEWS): Promise<HomeReviews | null> {
  try {
    return await homeReviews(locale, limit);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    log("warn", "home page without its reviews: the database is unavailable", {
      detail: String((error as Error).message ?? error).slice(0, 200),
    });
    return null;
  }
}

/** The reviews' version: raised by database triggers on every write to "Review" (one indexed read). */
export async function reviewsVersion() {
  return firstRow<{ version: number }>`SELECT "version" FROM "ContentVersion" WHERE "name" = 'reviews'`;
}

/** The home page's reviews by language (and count shown), with the version they were read at. */
const homeReviewsKept = new Map<string, { version: number; reviews: HomeReviews | null }>();

async function readHomeReviews(locale: Locale, limit: number): Promise<HomeReviews | null> {
  // One raw read (app/db/db.server.ts `rows`) whose cost does not grow with the number of reviews: each
  // part reads an index (prisma/schema.prisma), and no part sorts.
  // - Part 0: the newest in the page's language.
  // - Part 1: the newest of all languages, from which the others come: among the newest `limit` of
  //   all, at most as many are in the page's language as part 0 found, so the rest are the newest in
  //   other languages.
  // - Part 2: the count and average of all published reviews.
  // The casts give the same types on both databases.
  const found = await rows<{
    part: number;
    id: string | null;
    rating: number | null;
    text: string | null;
    displayName: string | null;
    locale: string | null;
    writtenAt: Date | null;
    total: number | null;
    averageRating: number | null;
  }>`
    SELECT * FROM (
      SELECT 0 AS "part", "id", "rating", "text", "displayName", "locale", "writtenAt",
        CAST(NULL AS INTEGER) AS "total", CAST(NULL AS DOUBLE PRECISION) AS "averageRating"
      FROM "Review" WHERE "status" = 'published' AND "locale" = ${locale}
      ORDER BY "writtenAt" DESC LIMIT ${limit}) AS "own"
    UNION ALL
    SELECT * FROM (
      SELECT 1, "id", "rating", "text", "displayName", "locale", "writtenAt",
        CAST(NULL AS INTEGER), CAST(NULL AS DOUBLE PRECISION)
      FROM "Review" WHERE "status" = 'published'
      ORDER BY "writtenAt" DESC LIMIT ${limit}) AS "newest"
    UNION ALL
    SELECT 2, NULL, NULL, NULL, NULL, NULL, NULL,
      CAST(COUNT(*) AS INTEGER), CAST(AVG("rating") AS DOUBLE PRECISION)
    FROM "Review" WHERE "status" = 'published'`;
  const summary = found.find((r) => r.part === 2);
  const count = Number(summary?.total ?? 0);
  if (!count) return null;
  const shown = [
    ...found.filter((r) => r.part === 0),
    ...found.filter((r) => r.part === 1 && r.locale !== locale),
  ].slice(0, limit) as {
    id: string;
    rating: number;
    text: string;
    displayName: string;
    locale: string;
    writtenAt: Date;
  }[];
  // Dates are formatted here, in the viewer's language and in UTC, so the HTML needs no client code.
  const { day, average } = formatsOf(locale);
  const averageValue = Math.round(Number(summary?.averageRating ?? 0) * 10) / 10;
  return {
    averageValue,
    average: average.format(averageValue),
    count,
    items: shown.map((r) => ({
      id: r.id,
      rating: r.rating,
      text: r.text,
      displayName: r.displayName,
      date: day.format(r.writtenAt),
      isoDate: r.writtenAt.toISOString().slice(0, 10),
      // The review's own language, for the lang attribute when it differs from the page's.
      lang: htmlLang[isLocale(r.locale) ? r.locale : locale],
    })),
  };
}
