import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { confirmEmailVerification, emailVerificationLink } from "~/auth/email-verification.server";
import { guardPage } from "~/auth/guards.server";
import { pageWithModal } from "~/auth/modal-url";
import { lookupSession, readToken } from "~/auth/session.server";
import { getLocale, getT } from "~/i18n/i18next.server";
import { localizePath } from "~/i18n/locales";
import type { MessagesHandle } from "~/i18n/messages";
import { pageMessages } from "~/i18n/resources.server";
import { useLocalePath, useT } from "~/i18n/use-t";
import { paths } from "~/paths";
import { redirectWithToast } from "~/toast.server";

/**
 * The link in the account e-mail that proves the buyer reads the address (docs/decisions/038).
 * Opening it (GET) only shows what the button does, since mail scanners open links too; the button
 * (POST) confirms, and only for someone signed in to that same account here: holding the link proves
 * the mailbox, the session proves that its reader is the one using the account.
 */
export const handle: MessagesHandle = { messages: ["account.verifyEmail"] };

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await guardPage({ request, context }, "anyone");
  const token = tokenOf(request);
  const link = await emailVerificationLink(token);
  const t = await getT(request);
  const state = !link ? "invalid" : user?.id === link.userId ? "confirm" : "signIn";
  return data(
    {
      title: t("account.verifyEmail.title"),
      translations: pageMessages(request, handle),
      state,
      email: link?.email ?? null,
      token: link ? token : null,
    },
    { status: link ? 200 : 400 },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  await guardPage({ request, context }, "anyone");
  const locale = getLocale(request);
  const token = tokenOf(request);
  const lookup = await lookupSession(await readToken(request));
  const session = lookup.state === "valid" ? { sessionId: lookup.sessionId, userId: lookup.user.id } : null;
  const result = await confirmEmailVerification(token, session);
  if (result.ok) {
    return redirectWithToast(localizePath(paths.myData, locale), { type: "success", key: "account.verifyEmail.done" });
  }
  // Not signed in to that account, or no longer valid: the page says which, and what to do.
  return redirect(`${localizePath(paths.verifyEmail, locale)}?token=${encodeURIComponent(token)}`);
}

export default function VerifyEmail() {
  const { state, email, token } = useLoaderData<typeof loader>();
  const t = useT();
  const lp = useLocalePath();
  const here = token ? `${lp(paths.verifyEmail)}?token=${encodeURIComponent(token)}` : lp(paths.verifyEmail);
  return (
    <article className="text-page">
      <h1>{t("account.verifyEmail.title")}</h1>
      {state === "confirm" && token && email ? (
        <div className="panel">
          <p>{t("account.verifyEmail.intro", { email })}</p>
          {/* A plain form posting to this same address: the token rides in the query, with or without JS. */}
          <form method="post" action={`?token=${encodeURIComponent(token)}`}>
            <button type="submit" className="button button-primary">
              {t("account.verifyEmail.button")}
            </button>
          </form>
        </div>
      ) : state === "signIn" && email ? (
        <div className="panel">
          <p>{t("account.verifyEmail.signIn", { email })}</p>
          <Link className="button button-primary" to={pageWithModal(here, { modal: "login", email })}>
            {t("account.verifyEmail.signInButton")}
          </Link>
        </div>
      ) : (
        <p className="form-error" role="alert">
          {t("account.verifyEmail.invalid")}
        </p>
      )}
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "robots", content: "noindex" },
];
