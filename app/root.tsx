import {
  data,
  redirect,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  useSearchParams,
} from "@remix-run/react";
import { useContext, useEffect, type ReactNode } from "react";

import { getCurrentUser } from "~/auth/guards.server";
import { passwordKey } from "~/auth/rsa.server";
import { paymentOffer } from "~/billing/plans.server";
import { ErrorPage, pageErrorData, statusKey } from "~/components/error-page";
import { Footer } from "~/components/footer";
import { Header, SkipLink } from "~/components/header";
import { FlashBanner, ToastHost } from "~/components/toasts";
import { useNonce } from "~/http/nonce";
import { getLocale, preferredLocale } from "~/i18n/i18next.server";
import { htmlLang, localeFromPath, locales, localizePath, stripLocale, type Locale } from "~/i18n/locales";
import { shellHandle, shellMessages, type MessagesHandle } from "~/i18n/messages";
import { pageMessages, pickMessages } from "~/i18n/resources.server";
import { createTranslate } from "~/i18n/translate";
import { FallbackMessages, messageTrees, useLocale } from "~/i18n/use-t";
import { BareCss, useBare } from "~/recipient/bare";
import { config } from "~/server/config.server";
import appCss from "~/styles/app.css?url";
import { readConsent } from "~/telemetry/cookies";
import { hasThirdPartyTags } from "~/telemetry/tags";
import { onDemand } from "~/utils/on-demand";
import { rememberBrowserTimeZone } from "~/utils/time-zone-cookie";
import { readFlash, type Flash } from "~/utils/toast.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appCss },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** The shell's messages; each page sends its own (app/i18n/messages.ts). */
export const handle: MessagesHandle = shellHandle;

type ShellParts = { signIn: boolean; payment: boolean; consent: boolean };

/** The shell's messages this page needs (app/i18n/messages.ts) plus the keys a flash brings along. */
function shellTranslations(locale: Locale, parts: ShellParts, flash: Flash | null) {
  const prefixes = [
    ...shellMessages.always,
    ...(parts.signIn ? shellMessages.signIn : []),
    ...(parts.payment ? shellMessages.payment : []),
    ...(parts.consent ? shellMessages.consent : []),
  ];
  const shell = pageMessages(locale, { messages: [...new Set(prefixes)] });
  // A toast or a form's errors carried across a redirect name keys of the page that set them.
  const keys = [...(flash?.toast ? [flash.toast.key] : []), ...Object.values(flash?.form?.errors ?? {})];
  return keys.length ? [shell, pickMessages(locale, keys)] : shell;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const locale = getLocale(request);
  // The language menu's choice is remembered: an unprefixed address opens in that language.
  const preferred = await preferredLocale(request);
  if (preferred !== locale && request.method === "GET") {
    throw redirect(localizePath(url.pathname + url.search, preferred));
  }
  const [user, { flash, headers }, { publicPem }] = await Promise.all([
    getCurrentUser(request),
    readFlash(request),
    passwordKey(),
  ]);
  const tags = hasThirdPartyTags(config().thirdParty) ? config().thirdParty : null;
  // The dialogs' texts and data come only while the address opens them (the root loader reruns
  // whenever the query changes): most pages never show them.
  const modal = url.searchParams.get("modal");
  const signIn = !user && (modal === "login" || modal === "reset");
  const payment = !user && modal === "payment";
  return data(
    {
      locale,
      translations: shellTranslations(locale, { signIn, payment, consent: tags !== null }, flash),
      user: user && { email: user.email, name: user.name },
      flash,
      // The sign-in dialogs encrypt the password with it.
      publicKey: signIn ? publicPem : "",
      origin: config().publicUrl.origin,
      contactEmail: config().CONTACT_EMAIL,
      // Visitors can open the payment modal (`?modal=payment`) from any page.
      paymentModal: payment ? { ...paymentOffer(locale), buyer: null } : undefined,
      telemetry: {
        // The development server has no builds/latest.json (Vite reloads the page itself).
        pollSeconds: config().NODE_ENV === "development" ? 0 : config().BUILD_POLL_SECONDS,
        // Only configured tags reach the page; with none there is no banner and nothing to load.
        tags,
        consent: readConsent(request.headers.get("Cookie")),
      },
    },
    { headers },
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const root = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  // Alternates name the canonical form of the address: no trailing slash (except the home page).
  const bare = stripLocale(pathname).replace(/(.)\/+$/, "$1");
  const noHydration = useBare();
  const bareCss = useContext(BareCss);
  const nonce = useNonce();
  if (noHydration) {
    // No <Links/> (app stylesheet), no <ScrollRestoration/> and no <Scripts/>: without them Remix
    // sends no module scripts, no modulepreload and no __remixContext, so the page is plain HTML.
    return (
      <html lang={htmlLang[locale]} dir="ltr">
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <Meta />
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
          <style dangerouslySetInnerHTML={{ __html: bareCss }} />
        </head>
        <body>{children}</body>
      </html>
    );
  }
  return (
    <html lang={htmlLang[locale]} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {root
          ? locales.map((l) => (
              <link key={l} rel="alternate" hrefLang={htmlLang[l]} href={root.origin + localizePath(bare, l)} />
            ))
          : null}
        {root ? <link rel="alternate" hrefLang="x-default" href={root.origin + bare} /> : null}
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const noHydration = useBare();
  // Every later server render (and pages seen without JavaScript) shows times in this browser's zone.
  useEffect(() => rememberBrowserTimeZone(), []);
  if (noHydration) {
    // The recipient's pages bring their own header and footer (app/recipient/components.tsx), so
    // that their code stays out of every other page's bundle.
    return <Outlet />;
  }
  return (
    <>
      <SkipLink />
      <Header />
      <FlashBanner />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <RootAuthModals />
      <RootPaymentModal />
      <ToastHost />
      <Telemetry />
    </>
  );
}

// Nothing of the telemetry is needed to show or use a page: its code arrives after the shell's.
const Telemetry = onDemand(() => import("~/components/telemetry").then((module) => module.Telemetry));
// The dialogs' code loads only on pages whose address opens them (`?modal=login|reset|payment`).
const AuthModals = onDemand(() => import("~/components/auth-modals").then((module) => module.AuthModals));
const PaymentModal = onDemand(() => import("~/components/payment-modal").then((module) => module.PaymentModal));

function RootAuthModals() {
  const root = useRouteLoaderData<typeof loader>("root");
  const [params] = useSearchParams();
  const modal = params.get("modal");
  return root && !root.user && (modal === "login" || modal === "reset") ? <AuthModals /> : null;
}

/** The visitor's payment modal, unless the page itself shows one (the buy page, renewals). */
function RootPaymentModal() {
  const root = useRouteLoaderData<typeof loader>("root");
  const pageHasOwn = useMatches().some(
    (m) => m.id !== "root" && (m.data as { paymentModal?: unknown } | undefined)?.paymentModal,
  );
  return root?.paymentModal && !pageHasOwn ? <PaymentModal /> : null;
}

/** Error pages (the root boundary) get a translated status title and stay out of search engines. */
export const meta: MetaFunction<typeof loader> = ({ error, data, location }) => {
  if (!error) return [];
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const fallback = isRouteErrorResponse(error) ? pageErrorData(error.data)?.messages : undefined;
  const t = createTranslate(
    data ? messageTrees(data.translations) : fallback,
    data?.locale ?? localeFromPath(location.pathname),
  );
  return [{ title: `${status} · ${t(statusKey(status))}` }, { name: "robots", content: "noindex" }];
};

/**
 * The root renders every error page, so the headers of an error an action threw reach the document
 * only through here: those that tell the client what to do next (Retry-After on a 429, Allow on a 405).
 */
export const headers: HeadersFunction = ({ errorHeaders }) => {
  const kept = new Headers();
  for (const name of ["Retry-After", "Allow"]) {
    const value = errorHeaders?.get(name);
    if (value) kept.set(name, value);
  }
  return kept;
};

export function ErrorBoundary() {
  const error = useRouteError();
  const payload = isRouteErrorResponse(error) ? pageErrorData(error.data) : null;
  const page = isRouteErrorResponse(error) ? (
    <ErrorPage status={error.status} message={payload?.message ?? (typeof error.data === "string" ? error.data : "")} />
  ) : (
    // No stack traces and no internals in production; the message helps in development only.
    <ErrorPage status={500} message={import.meta.env.DEV && error instanceof Error ? error.message : ""} />
  );
  return (
    <FallbackMessages.Provider value={payload?.messages}>
      <SkipLink />
      <Header />
      <main id="main" tabIndex={-1}>
        {page}
      </main>
      <Footer />
    </FallbackMessages.Provider>
  );
}
