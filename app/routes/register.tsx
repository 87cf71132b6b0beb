import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation, useRevalidator, useSubmit } from "@remix-run/react";
import { useEffect, useState } from "react";

import { exchangeAuthCode } from "~/auth/auth-code.server";
import { readBrowserSecret } from "~/auth/checkout-browser.server";
import { guardPage } from "~/auth/guards.server";
import { sessionCookieHeader } from "~/auth/session.server";
import { registerQuery } from "~/billing/register-query.server";
import { paths } from "~/http/paths";
import { getLocale, getT } from "~/i18n/i18next.server";
import { localizePath } from "~/i18n/locales";
import type { MessagesHandle } from "~/i18n/messages";
import { pageMessages } from "~/i18n/resources.server";
import { useLocalePath, useT } from "~/i18n/use-t";
import { searchedNumber, withSearchedNumber } from "~/phone/number-search";
import { readFormData } from "~/utils/form-data.server";

/** What the page shows; "querying" until the payment result is known. */
type Shown = "querying" | "failed" | "unsubscribed" | "unknown" | "unobtainable" | "autoLoginFailed" | "paidElsewhere";
const POLL_MS = 3000;

/** The single automatic sign-in: a session cookie, then the success modal. */
async function signInWith(request: Request, authCode: string) {
  const signedIn = await exchangeAuthCode(authCode, readBrowserSecret(request));
  if (!signedIn) return null;
  // The number searched on the home page before buying goes on to New Search (success modal).
  const next = withSearchedNumber(paths.paymentSuccess, searchedNumber(new URL(request.url).searchParams));
  return redirect(localizePath(next, getLocale(request)), {
    headers: { "Set-Cookie": await sessionCookieHeader(signedIn.token) },
  });
}

/**
 * After checkout (/register?id=...): the same query as GET /api/v1/personnal/registerQuery/{id}.
 * Without JavaScript the page refreshes itself (and offers Check again); with it, it polls the API.
 */
export const handle: MessagesHandle = { messages: ["payments.register"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await guardPage({ request, context }, "anyone");
  const id = new URL(request.url).searchParams.get("id") ?? "";
  const t = await getT(request);
  const answer = (shown: Shown) =>
    data(
      { id, shown, title: t("payments.meta.register"), translations: pageMessages(request, handle) },
      { headers: { "Cache-Control": "no-store" } },
    );
  if (!id || id.length > 64) return answer("unknown");
  const result = await registerQuery(id, readBrowserSecret(request));
  if (result.status === "pending") return answer("querying");
  if (result.status !== "success") return answer(result.status);
  if (result.authCode) {
    const signedIn = await signInWith(request, result.authCode);
    if (signedIn) throw signedIn;
    return answer("autoLoginFailed");
  }
  // A renewal (or a second look): the buyer is signed in already.
  if (user && user.id === result.userId) throw redirect(localizePath(paths.paymentSuccess, getLocale(request)));
  // Another browser (a forwarded or forged link): the result, and no one is signed in.
  return answer(result.elsewhere ? "paidElsewhere" : "autoLoginFailed");
}

/** With JavaScript the page hands over the auth code the API answered. */
export async function action({ request, context }: ActionFunctionArgs) {
  await guardPage({ request, context }, "anyone");
  const form = await readFormData(request);
  const code = String(form.get("authCode") ?? "");
  const signedIn = code ? await signInWith(request, code) : null;
  if (signedIn) throw signedIn;
  return { shown: "autoLoginFailed" as Shown };
}

export default function Register() {
  const { id, shown: loaded } = useLoaderData<typeof loader>();
  const t = useT();
  const lp = useLocalePath();
  const { pathname, search } = useLocation();
  const shown = usePolledStatus(id, loaded);
  const messages: Record<Shown, string> = {
    querying: t("payments.register.querying"),
    failed: t("payments.register.failed"),
    unsubscribed: t("payments.register.unsubscribed"),
    unknown: t("payments.register.unknown"),
    unobtainable: t("payments.register.unobtainable"),
    autoLoginFailed: t("payments.register.autoLoginFailed"),
    paidElsewhere: t("payments.register.paidElsewhere"),
  };
  return (
    <section className="panel register-result" aria-labelledby="register-title">
      <h1 id="register-title">{t("payments.register.title")}</h1>
      <p
        role="status"
        data-testid="register-status"
        data-status={shown}
        className={shown === "querying" ? "querying" : shown === "paidElsewhere" ? undefined : "form-error"}
      >
        {shown === "querying" ? <span className="spinner" aria-hidden="true" /> : null}
        {messages[shown]}
      </p>
      {shown === "querying" ? (
        <>
          <noscript>
            <meta httpEquiv="refresh" content={String(POLL_MS / 1000)} />
          </noscript>
          <a className="button" href={pathname + search}>
            {t("payments.register.checkAgain")}
          </a>
        </>
      ) : null}
      {shown === "autoLoginFailed" || shown === "paidElsewhere" ? (
        <>
          <p>
            {t(shown === "paidElsewhere" ? "payments.register.paidElsewhereHint" : "payments.register.autoLoginHint")}
          </p>
          <a className="button button-primary" href={lp("/?modal=login")}>
            {t("payments.register.signIn")}
          </a>
        </>
      ) : null}
      {shown === "failed" || shown === "unsubscribed" || shown === "unknown" ? (
        <a className="button button-primary" href={lp(paths.checkout)}>
          {t("payments.register.tryAgain")}
        </a>
      ) : null}
    </section>
  );
}

/** Polls GET /api/v1/personnal/registerQuery/{id} every 3 s while the result is unknown. */
function usePolledStatus(id: string, loaded: Shown) {
  const [shown, setShown] = useState<Shown>(loaded);
  const submit = useSubmit();
  const revalidator = useRevalidator();
  useEffect(() => setShown(loaded), [loaded]);
  useEffect(() => {
    if (loaded !== "querying" || !id) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    async function poll() {
      try {
        const response = await fetch(`/api/v1/personnal/registerQuery/${encodeURIComponent(id)}`, {
          headers: { APP: "web" },
        });
        const body = (await response.json()) as { status: number; data?: { status: string; authCode: string | null } };
        if (body.status < 200 || body.status >= 300 || !body.data) throw new Error(String(body.status));
        const status = body.data.status;
        if (status === "pending") setShown("querying");
        else if (status === "success" && body.data.authCode) {
          submit({ authCode: body.data.authCode }, { method: "post" });
          return;
        } else if (status === "success") {
          revalidator.revalidate();
          return;
        } else {
          setShown(status === "failed" || status === "unsubscribed" ? status : "unknown");
          return;
        }
      } catch {
        setShown("unobtainable");
      }
      if (!stopped) timer = setTimeout(poll, POLL_MS);
    }
    timer = setTimeout(poll, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // The revalidator and submit are stable enough for a poll that restarts only with a new checkout.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, loaded]);
  return shown;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "robots", content: "noindex" },
];
