// Customer reviews in the browser, with and without JavaScript: a subscriber writes a review from the
// dashboard; it stays off the home page until the operator command publishes it; then the home page
// shows it with its stars and the real average; the author deletes it and it is gone. axe-core checks
// the review form and the home page's reviews section.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

import { expect, test } from "./support/fixtures.ts";
import { tr as text } from "./support/i18n.ts";
import { signInByRequest, waitForHydration } from "./support/pages.ts";
import { publishedStats, reviewOf, reviewsCommand } from "./support/reviews.ts";

const axe = async (page: Page, selector: string) =>
  (
    await new AxeBuilder({ page }).include(selector).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze()
  ).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => v.id);

test.describe("customer reviews", () => {
  test("a subscriber's review reaches the home page only once published", async ({
    page,
    context,
    js,
    makeUser,
    consoleErrors,
  }) => {
    test.setTimeout(60_000);
    consoleErrors.allow(/status of 400/);
    const user = await makeUser({ name: "Tessa" });
    const words = `Review ${Date.now().toString(36)} ${js ? "js" : "nojs"}: my father shared his location from the market.`;
    await signInByRequest(context, user.email, user.password);

    // Reached from My Subscription and from the dashboard.
    await page.goto("/dashboard/modules/MySubscription");
    await expect(page.locator("main").getByRole("link", { name: text("en", "reviews.link") })).toBeVisible();
    await page.goto("/dashboard/");
    await page
      .locator("main")
      .getByRole("link", { name: text("en", "reviews.link") })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "reviews.title"));
    if (js) await waitForHydration(page, "form.review-form");
    const form = page.locator("form.review-form");
    await expect(form.locator("input[name=displayName]")).toHaveValue("Tessa");

    // Nothing chosen, too short: translated errors, nothing stored.
    await form.locator("textarea[name=text]").fill("Too short");
    await form.getByRole("button", { name: text("en", "reviews.submit") }).click();
    await expect(page.locator("form.review-form .field-error").first()).toHaveText(
      text("en", "reviews.errors.ratingRequired"),
    );
    await expect(page.locator("form.review-form")).toContainText(
      text("en", "reviews.errors.textTooShort").replace("{{min}}", "20"),
    );
    expect(reviewOf(user.id)).toBeUndefined();
    if (js) expect(await axe(page, "form.review-form")).toEqual([]);

    await page
      .getByRole("group", { name: text("en", "reviews.rating") })
      .getByRole("radio", { name: "4 of 5" })
      .check();
    await page.locator("form.review-form textarea[name=text]").fill(words);
    await page.locator("form.review-form input[name=displayName]").fill("Tessa R.");
    await page
      .locator("form.review-form")
      .getByRole("button", { name: text("en", "reviews.submit") })
      .click();
    await expect(page.getByTestId("review-status")).toHaveText(text("en", "reviews.status.pending"));
    const stored = reviewOf(user.id);
    expect(stored).toMatchObject({ rating: 4, text: words, displayName: "Tessa R.", locale: "en", status: "pending" });

    // A visitor does not see a pending review.
    await context.clearCookies();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("main")).not.toContainText(words);

    expect(await reviewsCommand("list", "--pending")).toContain(stored!.id);
    expect(await reviewsCommand("publish", stored!.id)).toContain("published");

    const { average, count } = publishedStats();
    const summary = (count === 1 ? text("en", "reviews.home.summary_one") : text("en", "reviews.home.summary_other"))
      .replace("{{average}}", average.toFixed(1))
      .replace("{{count}}", String(count));
    await page.goto("/");
    const section = page.getByTestId("home-reviews");
    await expect(section.getByRole("heading", { level: 2 })).toHaveText(text("en", "reviews.home.heading"));
    await expect(page.getByTestId("reviews-summary")).toHaveText(new RegExp(`${summary.replace(/\./g, "\\.")}$`));
    const mine = section.getByTestId("home-review").filter({ hasText: words });
    await expect(mine.getByRole("img", { name: "4 of 5" })).toHaveText("★★★★☆");
    await expect(mine).toContainText("Tessa R.");
    if (js) expect(await axe(page, "[data-testid=home-reviews]")).toEqual([]);

    // Another language's page shows it too, with its own words for the stars.
    await page.goto("/id");
    await expect(
      page
        .getByTestId("home-reviews")
        .getByTestId("home-review")
        .filter({ hasText: words })
        .getByRole("img", { name: "4 dari 5" }),
    ).toBeVisible();

    // The author deletes it: gone from the home page.
    await signInByRequest(context, user.email, user.password);
    await page.goto("/dashboard/modules/Review");
    await expect(page.getByTestId("review-status")).toHaveText(text("en", "reviews.status.published"));
    if (js) await waitForHydration(page, "form.review-delete");
    await page.locator("form.review-delete button").click();
    await expect(page.getByTestId("review-status")).toHaveCount(0);
    expect(reviewOf(user.id)).toBeUndefined();
    await context.clearCookies();
    await page.goto("/");
    await expect(page.locator("main")).not.toContainText(words);
  });

  test("someone who never subscribed is told so and cannot write one", async ({ page, context, makeUser }) => {
    const user = await makeUser({ subscription: null });
    await signInByRequest(context, user.email, user.password);
    await page.goto("/ph/dashboard/modules/Review");
    await expect(page.getByTestId("review-not-allowed")).toHaveText(text("ph", "reviews.notAllowed"));
    await expect(page.locator("form.review-form")).toHaveCount(0);
  });
});
