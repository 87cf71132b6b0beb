// The one route list. remix.config.js turns every page route into three routes (no prefix = en,
// /id, /ph); the sitemap and the guards read the same list.

/** @typedef {{ path: string, file: string, public?: boolean }} PageRoute */

/** @type {PageRoute[]} Page routes, without locale prefix ("" is the home page). */
export const pageRoutes = [
  { path: "", file: "routes/home.tsx", public: true },
  { path: "dashboard", file: "routes/dashboard.tsx" },
  // The catch-all comes last in spirit; the router ranks it below every static path.
  { path: "*", file: "routes/catch-all.tsx" },
];

/** Resource routes (no UI, not localized). */
export const resourceRoutes = [
  { path: "set-locale", file: "routes/set-locale.ts" },
  { path: "auth/login", file: "routes/auth.login.ts" },
  { path: "auth/logout", file: "routes/auth.logout.ts" },
  { path: "auth/send-code", file: "routes/auth.send-code.ts" },
  { path: "auth/reset-password", file: "routes/auth.reset-password.ts" },
  { path: "healthz", file: "routes/healthz.ts" },
  { path: "api/v1/auth/login", file: "routes/api.v1.auth.login.ts" },
  { path: "api/v1/auth/sendCode", file: "routes/api.v1.auth.send-code.ts" },
  { path: "api/v1/auth/resetPassword", file: "routes/api.v1.auth.reset-password.ts" },
  { path: "api/v1/auth/loginByAuthCode", file: "routes/api.v1.auth.login-by-auth-code.ts" },
  { path: "api/v1/auth/publicKey", file: "routes/api.v1.auth.public-key.ts" },
  { path: "api/v1/personnal/subscribe/info", file: "routes/api.v1.personnal.subscribe.info.ts" },
  { path: "api/v1/*", file: "routes/api.v1.not-found.ts" },
];

/** Page routes that exist only when the embedded providers are in use (never in production). */
export const devRoutes = [{ path: "dev/outbox", file: "routes/dev.outbox.tsx" }];

export const localePrefixes = /** @type {const} */ ({ en: "", id: "id", ph: "ph" });
