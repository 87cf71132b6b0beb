import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { guardPage } from "~/auth/guards.server";
import { clearSessionCookieHeader } from "~/auth/session.server";
import { subscriptionDetails } from "~/billing/subscription.server";
import { Field, FormError } from "~/components/form";
import { useReplyErrors } from "~/components/form-reply";
import { Modal } from "~/components/modal";
import { paths } from "~/http/paths";
import { getLocale, getT } from "~/i18n/i18next.server";
import { localizePath } from "~/i18n/locales";
import type { MessagesHandle } from "~/i18n/messages";
import { pageMessages } from "~/i18n/resources.server";
import { useLocalePath, useT } from "~/i18n/use-t";
import { waitMinutes } from "~/limits/rate-limit.server";
import { deleteAccount } from "~/privacy/account-deletion.server";
import { clientIp } from "~/utils/client-ip.server";
import { readFormData } from "~/utils/form-data.server";
import { refusal } from "~/utils/parse-form";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * Delete my account (docs/privacy.md): the password again, then everything goes at once; payments
 * stay for the accounting records, linked to nobody. A dialog that is also a page, like cancelling.
 */
export const handle: MessagesHandle = { messages: ["account.delete"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await guardPage({ request, context }, "user");
  const t = await getT(request);
  const subscription = await subscriptionDetails(user.id);
  return {
    title: t("account.delete.title"),
    // An active subscription is stopped first: no further charge.
    renewing: subscription.access && subscription.state === "Active",
    translations: pageMessages(request, handle),
  };
}

const PASSWORD_MAX = 2048;

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await guardPage({ request, context }, "user");
  const form = await readFormData(request);
  const password = String(form.get("password") ?? "");
  if (!password.trim() || password.length > PASSWORD_MAX)
    return data(refusal("account.delete.passwordRequired"), { status: 400 });
  const result = await deleteAccount(user.id, password, clientIp(request));
  if (result.ok) {
    const headers = new Headers({ "Set-Cookie": await clearSessionCookieHeader() });
    return redirectWithToast(
      localizePath(paths.home, getLocale(request)),
      { type: "success", key: "account.delete.done" },
      { headers },
    );
  }
  if (result.error === "throttled")
    return data(refusal("errors.tryAgainIn", { errorValues: { minutes: waitMinutes(result.retryAfterSeconds) } }), {
      status: 429,
      headers: { "Retry-After": String(result.retryAfterSeconds) },
    });
  if (result.error === "provider") return data(refusal("account.delete.providerFailed"), { status: 502 });
  return data(refusal("account.delete.wrongPassword"), { status: 403 });
}

export default function DeleteAccount() {
  const { renewing } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const t = useT();
  const { error } = useReplyErrors(reply);
  const lp = useLocalePath();
  const busy = useNavigation().state !== "idle";
  return (
    <Modal id="delete-account" title={t("account.delete.title")} closeTo={lp(paths.mySubscription)}>
      <p>{t("account.delete.intro")}</p>
      <ul>
        <li>{t("account.delete.what")}</li>
        {renewing ? <li>{t("account.delete.subscription")}</li> : null}
        <li>{t("account.delete.payments")}</li>
        <li>{t("account.delete.email")}</li>
      </ul>
      <p className="link-line">
        <a href={lp(paths.myData)}>{t("account.delete.downloadFirst")}</a>
      </p>
      <Form method="post" noValidate={false}>
        <FormError message={error("form")} />
        <Field
          name="password"
          type="password"
          label={t("account.delete.password")}
          autoComplete="current-password"
          required
          maxLength={PASSWORD_MAX}
        />
        <button type="submit" className="button button-danger" disabled={busy}>
          {t("account.delete.confirm")}
        </button>
      </Form>
      <a className="modal-link" href={lp(paths.mySubscription)}>
        {t("account.delete.keep")}
      </a>
    </Modal>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "robots", content: "noindex" },
];
