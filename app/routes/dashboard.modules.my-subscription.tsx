import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";

import { guardPage } from "~/auth/guards.server";
import { paidAmount, resumeChoice, resumeSubscription, subscriptionDetails } from "~/billing/subscription.server";
import { paths } from "~/http/paths";
import { getLocale, getT } from "~/i18n/i18next.server";
import { localizePath } from "~/i18n/locales";
import type { MessagesHandle } from "~/i18n/messages";
import { pageMessages } from "~/i18n/resources.server";
import { useLocale, useLocalePath, useT } from "~/i18n/use-t";
import { readFormData } from "~/utils/form-data.server";
import { formatDay, formatMoney } from "~/utils/money";
import { redirectWithToast } from "~/utils/toast.server";

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
  return {
    subscription,
    paid,
    resume: resumeChoice(subscription),
    title: t("payments.meta.my"),
    translations: pageMessages(request, handle),
  };
}

/** Keeping a cancelled subscription before it ends (`intent=resume`): renewals start again. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await guardPage({ request, context }, "user");
  const locale = getLocale(request);
  const to = localizePath(paths.mySubscription, locale);
  const form = await readFormData(request);
  if (form.get("intent") !== "resume") return redirectWithToast(to, { type: "error", key: "payments.my.resumeNone" });
  const result = await resumeSubscription(user.id);
  if (!result.ok) {
    const key =
      result.error === "provider"
        ? "payments.errors.provider"
        : result.error === "final"
          ? "payments.my.subscribeAgain"
          : "payments.my.resumeNone";
    return redirectWithToast(to, { type: "error", key });
  }
  return redirectWithToast(to, {
    type: "success",
    key: "payments.my.resumed",
    values: { date: formatDay(result.validUntil, locale) },
  });
}

export default function MySubscription() {
  const { subscription: sub, paid, resume } = useLoaderData<typeof loader>();
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
      {resume === "resume" ? (
        <div className="notice" data-testid="resume">
          <p>{t("payments.my.resumeText", { date: day(sub.validUntil) })}</p>
          {/* The address is explicit: the cancel dialog shows this page under it. */}
          <Form method="post" action={lp(paths.mySubscription)}>
            <button type="submit" name="intent" value="resume" className="button button-primary">
              {t("payments.my.resume")}
            </button>
          </Form>
        </div>
      ) : resume === "subscribeAgain" ? (
        <p className="notice" data-testid="subscribe-again">
          {t("payments.my.subscribeAgain", { date: day(sub.validUntil) })}
        </p>
      ) : null}
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
      {sub.createdAt ? (
        <p className="muted" data-testid="refund-link">
          {t("payments.my.refundText")} <Link to={lp(paths.refund)}>{t("payments.my.refund")}</Link>
        </p>
      ) : null}
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
