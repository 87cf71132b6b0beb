import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { guardPage } from "~/auth/guards.server";
import { sandboxDecline, sandboxPay } from "~/billing/sandbox.server";
import { db } from "~/db/db.server";
import { getLocale, getT } from "~/i18n/i18next.server";
import { isLocale, localizePath } from "~/i18n/locales";
import type { MessagesHandle } from "~/i18n/messages";
import { pageMessages } from "~/i18n/resources.server";
import { useLocale, useT } from "~/i18n/use-t";
import { sandboxPayments } from "~/providers/payments/provider.server";
import { readFormData } from "~/utils/form-data.server";
import { formatMoney } from "~/utils/money";

/** The embedded provider's hosted checkout: Pay or Decline, as plain forms. */
async function sandboxCheckout(id: string | undefined) {
  // Only while the sandbox is the provider: with real keys this page does not exist.
  if (!sandboxPayments() || !id) throw new Response("Not Found", { status: 404 });
  const checkout = await db().checkout.findUnique({ where: { id } });
  if (!checkout || checkout.provider !== "sandbox") throw new Response("Not Found", { status: 404 });
  return checkout;
}

export const handle: MessagesHandle = { messages: ["payments.sandbox"] };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await guardPage({ request, context }, "anyone");
  const checkout = await sandboxCheckout(params.id);
  const t = await getT(request);
  return {
    id: checkout.id,
    email: checkout.email,
    status: checkout.status,
    firstDay: { amount: checkout.firstDayAmount, currency: checkout.currency },
    recurring: { amount: checkout.amount, currency: checkout.currency },
    period: checkout.periodDays,
    title: t("payments.meta.sandbox"),
    translations: pageMessages(request, handle),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await guardPage({ request, context }, "anyone");
  const checkout = await sandboxCheckout(params.id);
  const form = await readFormData(request);
  if (form.get("intent") === "pay") await sandboxPay(checkout.id);
  else await sandboxDecline(checkout.id);
  const locale = isLocale(checkout.locale) ? checkout.locale : getLocale(request);
  const result = localizePath(`/register?id=${checkout.id}`, locale);
  // The success address given at checkout (it may carry the searched number); only this checkout's.
  const back = new URL(request.url).searchParams.get("return");
  return redirect(back?.startsWith(`${result}&`) ? back : result);
}

export default function SandboxCheckout() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const locale = useLocale();
  return (
    <section className="panel sandbox-checkout" aria-labelledby="sandbox-title">
      <h1 id="sandbox-title">{t("payments.sandbox.title")}</h1>
      <p className="modal-help">{t("payments.sandbox.note")}</p>
      <p data-testid="sandbox-summary">
        {t("payments.sandbox.summary", {
          email: data.email,
          amount: formatMoney(data.firstDay.amount, data.firstDay.currency, locale),
          recurring: formatMoney(data.recurring.amount, data.recurring.currency, locale),
          period: data.period,
        })}
      </p>
      <form method="post" className="sandbox-actions">
        <button type="submit" name="intent" value="pay" className="button button-primary">
          {t("payments.sandbox.pay")}
        </button>
        <button type="submit" name="intent" value="decline" className="button">
          {t("payments.sandbox.decline")}
        </button>
      </form>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "robots", content: "noindex" },
];
