import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { guardPage } from "~/auth/guards.server";
import { requestRefund } from "~/billing/refunds.server";
import { TextPage } from "~/components/text-page";
import { textPageData } from "~/content/content-page.server";
import { paths } from "~/http/paths";
import { getLocale } from "~/i18n/i18next.server";
import { localizePath } from "~/i18n/locales";
import type { MessagesHandle } from "~/i18n/messages";
import { clientIp } from "~/utils/client-ip.server";
import { readFormData } from "~/utils/form-data.server";
import { unpack } from "~/utils/packed";
import { refusal, replyOf, type FormReply } from "~/utils/parse-form";
import { seoMeta } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * The refund policy's text, and its form (app/components/refund-form.tsx) with every message its
 * action may answer (the form's schema is the payment form's for the address).
 */
export const handle: MessagesHandle = {
  messages: [
    "payments.refund",
    "site.readingTime",
    "payments.errors.reason",
    "payments.errors.reasonLength",
    "payments.errors.tooMany",
    "validation.emailRequired",
    "loginModal.EnterValidEmail",
  ],
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardPage({ request, context }, "anyone");
  return textPageData(request, "refund", handle);
}

/**
 * The refund form e-mails the account's owner a confirmation link (routes/refund-confirm.tsx does the
 * rest), then comes back with the same toast whether or not the address has an account; bad input
 * answers 400, too many requests 429.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await guardPage({ request, context }, "anyone");
  const locale = getLocale(request);
  const form = await readFormData(request);
  const values = {
    email: String(form.get("email") ?? "").slice(0, 320),
    reason: String(form.get("reason") ?? "").slice(0, 4000),
  };
  const refill = { email: values.email.trim(), reason: values.reason.trim() };
  const refuse = (reply: FormReply, status: number, headers?: HeadersInit) => data(reply, { status, headers });
  const result = await requestRefund(values, { locale, ip: clientIp(request) });
  if (!result.ok && result.error === "validation") return refuse(replyOf({ errors: result.fields }, refill), 400);
  if (!result.ok) {
    return refuse(refusal("payments.errors.tooMany", { values: refill }), 429, {
      "Retry-After": String(result.retryAfterSeconds),
    });
  }
  return redirectWithToast(localizePath(paths.refund, locale), { type: "success", key: "payments.refund.done" });
}

export default function UnsubscribeAndRefund() {
  const { page } = useLoaderData<typeof loader>();
  return <TextPage page={unpack(page)} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data);
