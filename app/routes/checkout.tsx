import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";

import { guardPage } from "~/auth/guards.server";
import { buyerOf, isReturningSubscriber, paymentOffer } from "~/billing/plans.server";
import { PaymentModal, type PaymentModalData } from "~/components/payment-modal";
import { getLocale, getT } from "~/i18n/i18next.server";
import { localizePath } from "~/i18n/locales";
import { paymentFormMessages, type MessagesHandle } from "~/i18n/messages";
import { pageMessages } from "~/i18n/resources.server";
import { useLocalePath } from "~/i18n/use-t";
import { paths } from "~/paths";
import { subscriptionFor } from "~/subscription.server";

/** The buy page: the payment modal over the site, for the home page's buy button and for renewals. */
/** The payment form (always open here) and its errors. */
export const handle: MessagesHandle = { messages: paymentFormMessages };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = getLocale(request);
  const { user } = await guardPage({ request, context }, "anyone");
  if (user && (await subscriptionFor(user.id)).access) throw redirect(localizePath(paths.dashboard, locale));
  const t = await getT(request);
  const paymentModal: PaymentModalData = {
    ...paymentOffer(locale, new Date(), { renewal: await isReturningSubscriber(user?.id) }),
    buyer: user ? await buyerOf(user.id) : null,
  };
  return { paymentModal, title: t("payments.meta.checkout"), translations: pageMessages(locale, handle) };
}

export default function Checkout() {
  const lp = useLocalePath();
  return <PaymentModal open closeTo={lp("/")} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "robots", content: "noindex" },
];
