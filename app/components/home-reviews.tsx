import { useT } from "~/i18n/use-t";
import type { HomeReviews } from "~/reviews/reviews.server";

// The home page's customer reviews, in their own chunk: most deployments show none (home.tsx loads
// it on demand, only when reviews are published).

/**
 * Published customer reviews with their real average and count; not rendered at all when none is
 * published. Everything arrives formatted from the server, so this adds no client code of note.
 */
export function Reviews({ reviews }: { reviews: HomeReviews }) {
  const t = useT();
  return (
    <section className="panel home-reviews" aria-labelledby="reviews-title" data-testid="home-reviews">
      <h2 id="reviews-title">{t("reviews.home.heading")}</h2>
      <p className="reviews-summary" data-testid="reviews-summary">
        <Stars rating={Math.round(reviews.averageValue)} />{" "}
        {t("reviews.home.summary", { average: reviews.average, count: reviews.count })}
      </p>
      <ul className="review-list">
        {reviews.items.map((r) => (
          <li key={r.id} data-testid="home-review">
            <figure>
              <Stars rating={r.rating} label={t("reviews.stars", { rating: r.rating })} />
              <blockquote lang={r.lang}>
                <p>{r.text}</p>
              </blockquote>
              <figcaption>
                {r.displayName} · <time dateTime={r.isoDate}>{r.date}</time>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Filled and empty stars drawn as text; screen readers get the label ("4 of 5") instead, or nothing
 * when the text next to them already says it (the average).
 */
function Stars({ rating, label }: { rating: number; label?: string }) {
  return (
    <span className="stars" role={label ? "img" : undefined} aria-label={label} aria-hidden={label ? undefined : true}>
      {"★".repeat(rating) + "☆".repeat(5 - rating)}
    </span>
  );
}
