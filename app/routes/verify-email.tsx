import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { setPasswordWithLink } from "~/auth/choose-password.server";
import { confirmEmailVerification, emailVerificationLink } from "~/auth/email-verification.server";
import { guardPage } from "~/auth/guards.server";
import { pageWithModal } from "~/auth/modal-url";
import { lookupSession, readToken, sessionCookieHeader } from "~/auth/session.server";
import { SubmitButton } from "~/components/form";
import { useReplyErrors } from "~/components/form-reply";
import { NewPasswordField } from "~/components/new-password-field";
import { paths } from "~/http/paths";
import { getLocale, getT } from "~/i18n/i18next.server";
import { localizePath } from "~/i18n/locales";
import type { MessagesHandle } from "~/i18n/messages";
import { pageMessages } from "~/i18n/resources.server";
import { useLocalePath, useT } from "~/i18n/use-t";
import { readFormData } from "~/utils/form-data.server";
import { refusal } from "~/utils/parse-form";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * The link in the account e-mail that proves the buyer reads the address (docs/decisions/038) and
 * sets the password (040). Opening it (GET) only shows a form, since mail scanners open links too.
 * Signed in to that same account here, the button confirms the address (the session proves that the
 * mailbox's reader is the one using the account). Otherwise the form sets the account's password:
 * holding the link proves the mailbox, so its reader takes the account, and everyone else is
 * signed out.
 */
export const handle: MessagesHandle = { messages: ["account.verifyEmail", "account.choosePassword", "validation"] };

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await guardPage({ request, context }, "anyone");
  const token = tokenOf(request);
  const link = await emailVerificationLink(token);
  const t = await getT(request);
  const state = !link ? "invalid" : user?.id === link.userId ? "confirm" : "choose";
  return data(
    {
      title: t(state === "choose" ? "account.choosePassword.title" : "account.verifyEmail.title"),
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
  const form = await readFormData(request, { plain: true });
  if (form.get("intent") === "password") {
    const chosen = await setPasswordWithLink(token, String(form.get("password") ?? ""));
    if (chosen.ok) {
      return redirectWithToast(
        localizePath(paths.dashboard, locale),
        { type: "success", key: "account.verifyEmail.chosen" },
        { headers: { "Set-Cookie": await sessionCookieHeader(chosen.token) } },
      );
    }
    // The password is not sent back: the field starts empty again.
    if (chosen.error === "password") return data(refusal(chosen.message, { field: "password" }), { status: 400 });
    return redirect(`${localizePath(paths.verifyEmail, locale)}?token=${encodeURIComponent(token)}`);
  }
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
  const { error } = useReplyErrors(useActionData<typeof action>());
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const lp = useLocalePath();
  const here = token ? `${lp(paths.verifyEmail)}?token=${encodeURIComponent(token)}` : lp(paths.verifyEmail);
  return (
    <article className="text-page">
      <h1>{t(state === "choose" ? "account.choosePassword.title" : "account.verifyEmail.title")}</h1>
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
      ) : state === "choose" && token && email ? (
        <div className="panel">
          <p>{t("account.verifyEmail.chooseIntro", { email })}</p>
          <Form method="post" action={`?token=${encodeURIComponent(token)}`} data-testid="link-password">
            <input type="hidden" name="intent" value="password" />
            <NewPasswordField email={email} error={error("password")} />
            <SubmitButton busy={busy}>{t("account.verifyEmail.chooseButton")}</SubmitButton>
          </Form>
          <p className="muted form-alternative">
            <Link to={pageWithModal(here, { modal: "login", email })}>{t("account.verifyEmail.signInButton")}</Link>
          </p>
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
