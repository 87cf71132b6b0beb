import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { guardPage } from "~/auth/guards.server";
import { requestRefund } from "~/billing/refunds.server";
import type { RefundFormAnswer } from "~/components/refund-form";
import { TextPage } from "~/components/text-page";
import { textPageData } from "~/content/content-page.server";
import { paths } from "~/http/paths";
import { getLocale, getT } from "~/i18n/i18next.server";
import { localizePath } from "~/i18n/locales";
import type { MessagesHandle } from "~/i18n/messages";
import { clientIp } from "~/utils/client-ip.server";
import { readFormData } from "~/utils/form-data.server";
import { unpack } from "~/utils/packed";
import { seoMeta } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";

/** The refund policy's text, and its form (app/components/refund-form.tsx). */
export const handle: MessagesHandle = { messages: ["payments.refund", "site.readingTime"] };

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
  const t = await getT(request);
  const form = await readFormData(request);
  const values = {
    email: String(form.get("email") ?? "").slice(0, 320),
    reason: String(form.get("reason") ?? "").slice(0, 4000),
  };
  const refuse = (errors: RefundFormAnswer["errors"], status: number, headers?: HeadersInit) =>
    data<RefundFormAnswer>(
      { values: { email: values.email.trim(), reason: values.reason.trim() }, errors },
      { status, headers },
    );
  const result = await requestRefund(values, { locale, ip: clientIp(request) });
  if (!result.ok && result.error === "validation") {
    return refuse(Object.fromEntries(Object.entries(result.fields).map(([name, key]) => [name, t(key)])), 400);
  }
  if (!result.ok)
    return refuse({ form: t("payments.errors.tooMany") }, 429, { "Retry-After": String(result.retryAfterSeconds) });
  return redirectWithToast(localizePath(paths.refund, locale), { type: "success", key: "payments.refund.done" });
}

export default function UnsubscribeAndRefund() {
  const { page } = useLoaderData<typeof loader>();
  return <TextPage page={unpack(page)} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data);
