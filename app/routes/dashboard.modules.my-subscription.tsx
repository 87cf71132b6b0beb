import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { guardPage } from "~/auth/guards.server";
import { getT } from "~/i18n/i18next.server";
import type { MessagesHandle } from "~/i18n/messages";
import { pageMessages } from "~/i18n/resources.server";
import { useLocale, useLocalePath, useT } from "~/i18n/use-t";
import { paths } from "~/paths";
import { paidAmount, subscriptionDetails } from "~/subscription.server";
import { formatDay, formatMoney } from "~/utils/money";

/** My subscription: state, dates, the next charge and the payment history. */
export const handle: MessagesHandle = {
  messages: [
    "payments.my",
    "reviews.link",
    "subscription.states",
    "account.data.heading",
    "account.data.help",
    "account.data.link",
    "account.delete.title",
  ],
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await guardPage({ request, context }, "user");
  const t = await getT(request);
  const [subscription, paid] = await Promise.all([subscriptionDetails(user.id), paidAmount(user.id)]);
  return { subscription, paid, title: t("payments.meta.my"), translations: pageMessages(request, handle) };
}

export default function MySubscription() {
  const { subscription: sub, paid } = useLoaderData<typeof loader>();
  const t = useT();
  const lp = useLocalePath();
  const locale = useLocale();
  const day = (iso: string | null) => (iso ? formatDay(iso, locale) : "—");
  const nextCharge =
    sub.nextDebitDay && sub.amount !== null && sub.currencyCode
      ? t("payments.my.nextChargeValue", {
          amount: formatMoney(sub.amount, sub.currencyCode, locale),
          date: day(sub.nextDebitDay),
        })
      : t("payments.my.noNextCharge");
  return (
    <section className="panel my-subscription" aria-labelledby="my-subscription-title">
      <h1 id="my-subscription-title">{t("payments.my.title")}</h1>
      <dl className="facts" data-testid="my-subscription">
        <div>
          <dt>{t("payments.my.state")}</dt>
          <dd data-testid="subscription-state">{t(`subscription.states.${sub.state}`)}</dd>
        </div>
        <div>
          <dt>{t("payments.my.createdAt")}</dt>
          <dd>{day(sub.createdAt)}</dd>
        </div>
        <div>
          <dt>{t("payments.my.validUntil")}</dt>
          <dd>{day(sub.validUntil)}</dd>
        </div>
        <div>
          <dt>{t("payments.my.nextCharge")}</dt>
          <dd data-testid="next-charge">{nextCharge}</dd>
        </div>
      </dl>
      <p className="subscription-actions">
        {sub.access && sub.state !== "Cancelled" ? (
          <Link className="button" to={lp(paths.cancelSubscription)}>
            {t("payments.my.cancel")}
          </Link>
        ) : null}
        {!sub.access ? (
          <Link className="button button-primary" to={lp(paths.renew)}>
            {t("payments.my.renew")}
          </Link>
        ) : null}
        {/* Anyone who has had a subscription may review it (the review page checks again). */}
        {sub.createdAt && sub.state !== "Unsubscribed" ? <Link to={lp(paths.review)}>{t("reviews.link")}</Link> : null}
      </p>
      <h2>{t("payments.my.history")}</h2>
      {paid.payments.length === 0 ? (
        <p>{t("payments.my.noPayments")}</p>
      ) : (
        <table className="payment-history">
          <thead>
            <tr>
              <th scope="col">{t("payments.my.date")}</th>
              <th scope="col">{t("payments.my.amount")}</th>
              <th scope="col">{t("payments.my.status")}</th>
            </tr>
          </thead>
          <tbody>
            {paid.payments.map((p) => (
              <tr key={p.id} data-status={p.status}>
                <td>{day(p.paidAt)}</td>
                <td>{formatMoney(p.amount, p.currencyCode, locale)}</td>
                <td>{t(`payments.my.paymentStatus.${p.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {paid.totals.map((total) => (
        <p key={total.currencyCode}>
          {t("payments.my.totalPaid", { amount: formatMoney(total.amount, total.currencyCode, locale) })}
        </p>
      ))}
      <h2>{t("account.data.heading")}</h2>
      <p>{t("account.data.help")}</p>
      <p className="subscription-actions" data-testid="your-data">
        <Link className="button" to={lp(paths.myData)}>
          {t("account.data.link")}
        </Link>
        <Link to={lp(paths.deleteAccount)}>{t("account.delete.title")}</Link>
      </p>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "robots", content: "noindex" },
];
