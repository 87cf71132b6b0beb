import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { guardPage } from "~/auth/guards.server";
import { cancelSubscription, paidAmount, resumeChoice, subscriptionDetails } from "~/billing/subscription.server";
import { Modal } from "~/components/modal";
import { paths } from "~/http/paths";
import { getLocale, getT } from "~/i18n/i18next.server";
import { localizePath } from "~/i18n/locales";
import type { MessagesHandle } from "~/i18n/messages";
import { pageMessages } from "~/i18n/resources.server";
import { useLocale, useLocalePath, useT } from "~/i18n/use-t";
import { formatDay } from "~/utils/money";
import { redirectWithToast } from "~/utils/toast.server";

import MySubscription, { handle as mySubscriptionHandle } from "./dashboard.modules.my-subscription";

/**
 * The cancel dialog, also a page: confirming stops renewals; access stays until validUntil. It opens
 * over My Subscription (the page it belongs to), which is why it reads what that page shows.
 */
export const handle: MessagesHandle = { messages: ["payments.cancel", ...mySubscriptionHandle.messages] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, subscription } = await guardPage({ request, context }, "subscriber");
  const t = await getT(request);
  const [details, paid] = await Promise.all([subscriptionDetails(user.id), paidAmount(user.id)]);
  return {
    subscription: details,
    paid,
    resume: resumeChoice(details),
    validUntil: subscription.validUntil,
    title: t("payments.meta.cancel"),
    translations: pageMessages(request, handle),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await guardPage({ request, context }, "subscriber");
  const locale = getLocale(request);
  const result = await cancelSubscription(user.id);
  const to = localizePath(paths.mySubscription, locale);
  if (!result.ok) {
    return redirectWithToast(to, {
      type: "error",
      key: result.error === "none" ? "payments.cancel.nothing" : "payments.errors.provider",
    });
  }
  return redirectWithToast(to, {
    type: "success",
    key: "payments.cancel.done",
    values: { date: formatDay(result.validUntil, locale) },
  });
}

export default function CancelSubscription() {
  const { validUntil } = useLoaderData<typeof loader>();
  const t = useT();
  const lp = useLocalePath();
  const locale = useLocale();
  return (
    <>
      <MySubscription />
      <Modal id="cancel-modal" title={t("payments.cancel.title")} closeTo={lp(paths.mySubscription)}>
        <p>{t("payments.cancel.text", { date: validUntil ? formatDay(validUntil, locale) : "—" })}</p>
        <form method="post">
          <button type="submit" className="button button-danger">
            {t("payments.cancel.confirm")}
          </button>
        </form>
        <a className="modal-link" href={lp(paths.mySubscription)}>
          {t("payments.cancel.keep")}
        </a>
      </Modal>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "robots", content: "noindex" },
];
