// The site's own addresses, without language prefix (localizePath adds it): code links and redirects
// to these names instead of writing a path again. Safe for the browser. app/route-table.js registers
// the routes behind them; the recipient's per-request addresses are in app/recipient/paths.ts.
export const paths = {
  home: "/",
  blog: "/blog",
  contactUs: "/contact-us",
  aboutUs: "/about-us",
  faqs: "/faqs",
  cookiesPolicy: "/cookies-policy",
  privacyPolicy: "/privacy-policy",
  termsOfUse: "/terms-of-use",
  intellectualProperty: "/intellectual-property",
  refund: "/unsubscribe-and-refund",
  refundConfirm: "/unsubscribe-and-refund/confirm",
  /** The account e-mail's link that proves the buyer reads the address (docs/decisions/038). */
  verifyEmail: "/verify-email",
  reverseLookup: "/reverse-phone-lookup",
  sendVoiceMessage: "/send-voice-message",
  enterLink: "/enter-link",
  checkout: "/checkout",
  /** Where a checkout for an address that has an account leads: "check your e-mail" (docs/decisions/050). */
  checkEmail: "/checkout/email",
  /** The payment dialog over the home page: where the buy button and /checkout lead a visitor. */
  buy: "/?modal=payment",
  dashboard: "/dashboard/",
  /** Dashboard tabs (the `tab` query). */
  dashboardRecords: "/dashboard/?tab=records",
  newSearch: "/dashboard/?tab=new",
  /** Spec section 9: where an expired subscriber entering the dashboard is sent (the expired notice). */
  expired: "/dashboard/?s=-1&at=10",
  /** The open dashboard polls this for changes (a resource route, never localized). */
  dashboardLive: "/dashboard/live",
  mySubscription: "/dashboard/modules/MySubscription",
  cancelSubscription: "/dashboard/modules/cancleMySubscriptionModal",
  /** The renewal: the expired notice's payment form. */
  renew: "/dashboard/modules/subscriptionExpiredModal",
  paymentSuccess: "/dashboard/modules/SuccessModal",
  review: "/dashboard/modules/Review",
  /** Delete my account, and everything held about the account to read (docs/privacy.md). */
  deleteAccount: "/dashboard/modules/DeleteAccount",
  myData: "/dashboard/modules/MyData",
  /** The account's settings: e-mails about requests on or off, and their language (docs/decisions/043). */
  settings: "/dashboard/modules/Settings",
  /** The account's webhook endpoints and their delivery log (docs/webhooks.md). */
  webhooks: "/dashboard/modules/Webhooks",
  /** A request e-mail's one-click "turn these e-mails off" (with `?token=`, signed). */
  notificationsOff: "/notifications/off",
  /** The same as a JSON file to download (a resource route, never localized). */
  myDataJson: "/account/export.json",
} as const;
