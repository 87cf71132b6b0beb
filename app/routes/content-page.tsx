import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { RefundForm } from "~/components/refund-form";
import { requireAnonymous } from "~/auth/guards.server";
import { ContentSections } from "~/components/content";
import { ConsentSettings } from "~/components/consent";
import { contentPage, formatDate, type ContentPageKey } from "~/content.server";
import { getLocale, getT } from "~/i18n/i18next.server";
import type { MessagesHandle } from "~/i18n/messages";
import { routeMessages } from "~/i18n/resources.server";
import { localizePath } from "~/i18n/locales";
import { requestRefund } from "~/billing/refunds.server";
import { redirectWithToast } from "~/toast.server";
import { clientIp } from "~/utils/client-ip.server";
import { useLocalePath, useT } from "~/i18n/use-t";
import { pagePath, pageSeo } from "~/seo.server";
import { notFoundForPath } from "~/utils/not-found.server";
import { seoMeta } from "~/utils/seo";
import { readFormData } from "~/utils/form-data.server";
import { pageError } from "~/utils/page-error.server";

/**
 * One module for every page that is a heading and sections of text (legal pages, about, FAQ, the
 * status pages): route-table.js registers it for each path below, and the path picks the content.
 */
const contentByPath = new Map<string, ContentPageKey>([
  ["/about-us", "about"],
  ["/privacy-policy", "privacy"],
  ["/terms-of-use", "terms"],
  ["/cookies-policy", "cookies"],
  ["/intellectual-property", "intellectualProperty"],
  ["/unsubscribe-and-refund", "refund"],
  ["/tracking-phone-number", "tracking"],
  ["/faqs", "faqs"],
  ["/200", "ok"],
  ["/404", "notFound"],
]);

export const handle: MessagesHandle = { messages: ["payments.refund", "site.readingTime", "consent"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const key = contentByPath.get(pagePath(request));
  if (!key) throw await notFoundForPath(request);
  const locale = getLocale(request);
  const t = await getT(request);
  const { title, description, updated, ...page } = contentPage(key, locale);
  const notFound = key === "notFound";
  return data(
    {
      ...pageSeo(request, { title, description }),
      page: {
        ...page,
        updated: updated ? t("site.updated", { date: formatDate(updated, locale) }) : undefined,
        refundForm: key === "refund",
        consentSettings: key === "cookies",
        homeLink: notFound,
      },
      noindex: notFound,
      translations: routeMessages(locale, handle),
    },
    { status: notFound ? 404 : 200 },
  );
}

const REFUND_PATH = "/unsubscribe-and-refund";
export type RefundFormAnswer = { values: { email: string; reason: string }; errors: Partial<Record<"email" | "reason" | "form", string>> };

/**
 * Only /unsubscribe-and-refund takes a form (app/components/refund-form.tsx): it e-mails the account's
 * owner a confirmation link (routes/refund-confirm.tsx does the rest), then comes back with the same
 * toast whether or not the address has an account; bad input answers 400, too many requests 429.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (contentByPath.get(pagePath(request)) !== "refund") {
    throw await pageError(request, 405, "errors.status.405", { Allow: "GET, HEAD" });
  }
  await requireAnonymous(request);
  const locale = getLocale(request);
  const t = await getT(request);
  const form = await readFormData(request);
  const values = { email: String(form.get("email") ?? "").slice(0, 320), reason: String(form.get("reason") ?? "").slice(0, 4000) };
  const refuse = (errors: RefundFormAnswer["errors"], status: number, headers?: HeadersInit) =>
    data<RefundFormAnswer>({ values: { email: values.email.trim(), reason: values.reason.trim() }, errors }, { status, headers });
  const result = await requestRefund(values, { locale, ip: clientIp(request) });
  if (!result.ok && result.error === "validation") {
    return refuse(Object.fromEntries(Object.entries(result.fields).map(([name, key]) => [name, t(key)])), 400);
  }
  if (!result.ok) return refuse({ form: t("payments.errors.tooMany") }, 429, { "Retry-After": String(result.retryAfterSeconds) });
  return redirectWithToast(localizePath(REFUND_PATH, locale), { type: "success", key: "payments.refund.done" });
}

export default function ContentPage() {
  const { page } = useLoaderData<typeof loader>();
  const t = useT();
  const lp = useLocalePath();
  return (
    <article className="text-page">
      <h1>{page.heading}</h1>
      {page.updated ? <p className="page-updated">{page.updated}</p> : null}
      {page.intro ? <p className="lead">{page.intro}</p> : null}
      <ContentSections sections={page.sections} />
      {page.refundForm ? <RefundForm /> : null}
      {page.consentSettings ? <ConsentSettings /> : null}
      {page.homeLink ? (
        <Link className="button" to={lp("/")}>
          {t("errors.backHome")}
        </Link>
      ) : null}
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta(data, data?.noindex ? [{ name: "robots", content: "noindex" }] : []);
