// The screens of the screen audit (tests/e2e/ui-audit.spec.ts): how to visit each route of
// app/route-table.js, by its path, as whom, and what to open once the page has loaded.
import { expect, type Page } from "@playwright/test";

import type { TestUser } from "./users.ts";

export type Who = "visitor" | "subscriber" | "expired";
/** What the fixtures made through the app (and tests/e2e/support) for the screens that need it. */
export type Made = {
  subscriber: TestUser;
  expired: TestUser;
  /** A pending link request's code (the consent page). */
  pendingCode: string;
  /** A request shared approximately (the thank-you page). */
  sharedCode: string;
  /** A request shared precisely, with a place (the dashboard's detail and map). */
  locatedId: string;
  /** A sandbox checkout begun through the payment form. */
  checkoutId: string;
  /** The token of a refund request's confirmation link, read from the e-mail the app sent. */
  refundToken: string;
  /** The token of the link that turns e-mails about requests off, read from the share's e-mail. */
  offToken: string;
  /** The first blog article. */
  slug: string;
};
export type Screen = {
  /** Unique; the test title and the screenshot's file name. */
  name: string;
  who: Who;
  /** The address without the language prefix. */
  url: (made: Made) => string;
  /** Where the address leads (without the language prefix) when it is not a page of its own. */
  landsOn?: string;
  /** A dialog that must be open (its element), so that a broken address does not pass as a page. */
  dialog?: string;
  /** Opens something after the page loads, at each width where it can be opened. */
  open?: (page: Page) => Promise<boolean>;
};

/** Opens the phone menu where its toggle shows (a checkbox behind a label, with or without JavaScript). */
async function openMenu(page: Page) {
  const toggle = page.locator("label.menu-button");
  if (!(await toggle.isVisible())) return false;
  await page.locator("#menu-toggle").check({ force: true });
  await expect(page.locator("nav.menu")).toBeVisible();
  return true;
}

/**
 * How to visit each route of app/route-table.js (pages and dev pages), by its path: one entry per
 * screen. A route without an entry fails the "every route has a visit plan" test.
 */
export const PLANS: Record<string, Screen[]> = {
  "": [
    { name: "home", who: "visitor", url: () => "/" },
    { name: "home: menu open", who: "visitor", url: () => "/", open: openMenu },
    { name: "home: log in", who: "visitor", url: () => "/?modal=login", dialog: "#login-modal" },
    { name: "home: reset password", who: "visitor", url: () => "/?modal=reset", dialog: "#reset-modal" },
    {
      name: "home: search result",
      who: "visitor",
      url: () => "/?modal=search&country=US&number=2015550123",
      dialog: "#search-modal",
    },
    { name: "home: search error", who: "visitor", url: () => "/?modal=search&country=US&number=12" },
    { name: "home: payment", who: "visitor", url: () => "/?modal=payment", dialog: "#payment-modal" },
  ],
  blog: [{ name: "blog", who: "visitor", url: () => "/blog" }],
  "blog/:slug": [{ name: "blog article", who: "visitor", url: (m) => `/blog/${m.slug}` }],
  "contact-us": [{ name: "contact us", who: "visitor", url: () => "/contact-us" }],
  "about-us": [{ name: "about us", who: "visitor", url: () => "/about-us" }],
  "privacy-policy": [{ name: "privacy policy", who: "visitor", url: () => "/privacy-policy" }],
  "terms-of-use": [{ name: "terms of use", who: "visitor", url: () => "/terms-of-use" }],
  "cookies-policy": [{ name: "cookies policy", who: "visitor", url: () => "/cookies-policy" }],
  "intellectual-property": [{ name: "intellectual property", who: "visitor", url: () => "/intellectual-property" }],
  "unsubscribe-and-refund": [{ name: "refund", who: "visitor", url: () => "/unsubscribe-and-refund" }],
  "unsubscribe-and-refund/confirm": [
    {
      name: "refund confirmation",
      who: "visitor",
      url: (m) => `/unsubscribe-and-refund/confirm?token=${encodeURIComponent(m.refundToken)}`,
    },
    { name: "refund confirmation: invalid link", who: "visitor", url: () => "/unsubscribe-and-refund/confirm" },
  ],
  "verify-email": [{ name: "verify e-mail: invalid link", who: "visitor", url: () => "/verify-email?token=unknown" }],
  "notifications/off": [
    {
      name: "e-mails off: ask",
      who: "visitor",
      url: (m) => `/notifications/off?token=${encodeURIComponent(m.offToken)}`,
    },
    { name: "e-mails off: invalid link", who: "visitor", url: () => "/notifications/off?token=unknown" },
  ],
  "dashboard/modules/Settings": [{ name: "settings", who: "subscriber", url: () => "/dashboard/modules/Settings" }],
  "dashboard/modules/Webhooks": [{ name: "webhooks", who: "subscriber", url: () => "/dashboard/modules/Webhooks" }],
  faqs: [{ name: "faqs", who: "visitor", url: () => "/faqs" }],
  "tracking-phone-number": [{ name: "tracking phone number", who: "visitor", url: () => "/tracking-phone-number" }],
  "reverse-phone-lookup": [
    { name: "reverse lookup", who: "visitor", url: () => "/reverse-phone-lookup" },
    { name: "reverse lookup: subscriber", who: "subscriber", url: () => "/reverse-phone-lookup" },
    {
      name: "reverse lookup: result",
      who: "visitor",
      url: () => "/reverse-phone-lookup?country=PH&number=09171234567",
    },
  ],
  "send-voice-message": [{ name: "voice message", who: "subscriber", url: () => "/send-voice-message" }],
  "200": [{ name: "page 200", who: "visitor", url: () => "/200" }],
  "404": [{ name: "page 404", who: "visitor", url: () => "/404" }],
  dashboard: [
    { name: "dashboard: history", who: "subscriber", url: () => "/dashboard/" },
    { name: "dashboard: menu open", who: "subscriber", url: () => "/dashboard/", open: openMenu },
    { name: "dashboard: new search", who: "subscriber", url: () => "/dashboard/?tab=new" },
    { name: "dashboard: tips", who: "subscriber", url: () => "/dashboard/?tab=new&modal=tips", dialog: "#tips-modal" },
    {
      name: "dashboard: choose message",
      who: "subscriber",
      url: () => "/dashboard/?tab=new&modal=message",
      dialog: "#message-modal",
    },
    { name: "dashboard: records", who: "subscriber", url: () => "/dashboard/?tab=records" },
    { name: "dashboard: links", who: "subscriber", url: () => "/dashboard/?tab=link" },
    { name: "dashboard: e-mails", who: "subscriber", url: () => "/dashboard/?tab=email" },
    { name: "dashboard: one request", who: "subscriber", url: (m) => `/dashboard/?id=${m.locatedId}` },
    {
      name: "dashboard: expired notice",
      who: "expired",
      url: () => "/dashboard/?s=-1&at=10",
      dialog: "#expired-modal",
    },
  ],
  "dashboard/modules/MySubscription": [
    { name: "my subscription", who: "subscriber", url: () => "/dashboard/modules/MySubscription" },
    { name: "my subscription: expired", who: "expired", url: () => "/dashboard/modules/MySubscription" },
  ],
  "dashboard/modules/DeleteAccount": [
    { name: "delete account", who: "subscriber", url: () => "/dashboard/modules/DeleteAccount" },
  ],
  "dashboard/modules/MyData": [{ name: "my data", who: "subscriber", url: () => "/dashboard/modules/MyData" }],
  "dashboard/modules/cancleMySubscriptionModal": [
    {
      name: "cancel subscription",
      who: "subscriber",
      url: () => "/dashboard/modules/cancleMySubscriptionModal",
      dialog: "#cancel-modal",
    },
  ],
  "dashboard/modules/subscriptionExpiredModal": [
    {
      name: "renew subscription",
      who: "expired",
      url: () => "/dashboard/modules/subscriptionExpiredModal",
      dialog: "#subscription-expired-modal",
    },
  ],
  "dashboard/modules/SuccessModal": [
    {
      name: "payment success",
      who: "subscriber",
      url: () => "/dashboard/modules/SuccessModal",
      dialog: "#success-modal",
    },
  ],
  "dashboard/modules/Review": [{ name: "review", who: "subscriber", url: () => "/dashboard/modules/Review" }],
  // The buy address: the payment dialog over the home page.
  checkout: [{ name: "checkout", who: "visitor", url: () => "/checkout", landsOn: "/", dialog: "#payment-modal" }],
  register: [{ name: "register: unknown payment", who: "visitor", url: () => "/register?id=no-such-checkout" }],
  "checkout/email": [{ name: "checkout: check your e-mail", who: "visitor", url: () => "/checkout/email" }],
  "checkout/sandbox/:id": [
    { name: "sandbox checkout", who: "visitor", url: (m) => `/checkout/sandbox/${m.checkoutId}` },
  ],
  share: [{ name: "recipient: shared", who: "visitor", url: (m) => `/share?c=${m.sharedCode}` }],
  "location-failed": [
    { name: "recipient: location failed", who: "visitor", url: (m) => `/location-failed?c=${m.pendingCode}&reason=ip` },
    // A refused permission: the steps to allow location again, the longest recipient page.
    {
      name: "recipient: location denied",
      who: "visitor",
      url: (m) => `/location-failed?c=${m.pendingCode}&reason=denied`,
    },
  ],
  report: [{ name: "recipient: report abuse", who: "visitor", url: (m) => `/report?c=${m.pendingCode}` }],
  "enter-link": [{ name: "recipient: enter link", who: "visitor", url: () => "/enter-link" }],
  "*": [
    { name: "recipient: consent", who: "visitor", url: (m) => `/${m.pendingCode}` },
    { name: "page not found", who: "visitor", url: () => "/not-a-page-at-all" },
  ],
  "dev/outbox": [{ name: "outbox", who: "visitor", url: (m) => `/dev/outbox?to=${m.subscriber.email}` }],
};
