import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { guardPage } from "~/auth/guards.server";
import { buyerOf, isReturningSubscriber, paymentOffer } from "~/billing/plans.server";
import { subscriptionFor } from "~/billing/subscription.server";
import { Modal } from "~/components/modal";
import { PaymentForm, type PaymentModalData } from "~/components/payment-modal";
import { paths } from "~/http/paths";
import { getLocale, getT } from "~/i18n/i18next.server";
import { localizePath } from "~/i18n/locales";
import { paymentFormMessages, type MessagesHandle } from "~/i18n/messages";
import { pageMessages } from "~/i18n/resources.server";
import { useLocalePath, useT } from "~/i18n/use-t";

/** The expired notice with renewal: the payment form, filled in with the account's details. */
export const handle: MessagesHandle = { messages: ["payments.expired", ...paymentFormMessages] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await guardPage({ request, context }, "user");
  const locale = getLocale(request);
  if ((await subscriptionFor(user.id)).access) throw redirect(localizePath(paths.dashboard, locale));
  const t = await getT(request);
  const paymentModal: PaymentModalData = {
    ...paymentOffer(locale, new Date(), { renewal: await isReturningSubscriber(user.id) }),
    buyer: await buyerOf(user.id),
  };
  return { paymentModal, title: t("payments.meta.expired"), translations: pageMessages(locale, handle) };
}

export default function SubscriptionExpired() {
  const { paymentModal } = useLoaderData<typeof loader>();
  const t = useT();
  const lp = useLocalePath();
  return (
    <Modal id="subscription-expired-modal" title={t("payments.expired.title")} closeTo={lp(paths.mySubscription)}>
      <p>{t("payments.expired.text")}</p>
      <PaymentForm data={paymentModal} returnTo={lp(paths.renew)} />
    </Modal>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "robots", content: "noindex" },
];
