import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { guardPage } from "~/auth/guards.server";
import { confirmRefund, refundLink } from "~/billing/refunds.server";
import { paths } from "~/http/paths";
import { getLocale, getT } from "~/i18n/i18next.server";
import { localizePath } from "~/i18n/locales";
import type { MessagesHandle } from "~/i18n/messages";
import { pageMessages } from "~/i18n/resources.server";
import { useLocalePath, useT } from "~/i18n/use-t";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * The link e-mailed for an /unsubscribe-and-refund request. Opening it (GET) only shows what the
 * button will do, since mail scanners open links too; the button (POST) confirms. Signed-in or not:
 * holding the link is what proves the mailbox is the owner's.
 */
export const handle: MessagesHandle = { messages: ["payments.refund"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardPage({ request, context }, "anyone");
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await refundLink(token);
  const t = await getT(request);
  return data(
    {
      title: t("payments.refund.confirmTitle"),
      translations: pageMessages(request, handle),
      email: link?.email ?? null,
      token: link ? token : null,
    },
    { status: link ? 200 : 400 },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  await guardPage({ request, context }, "anyone");
  const locale = getLocale(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = await confirmRefund(token);
  if (!result.ok) {
    return redirectWithToast(localizePath(paths.refund, locale), { type: "error", key: "payments.refund.invalidLink" });
  }
  return redirectWithToast(localizePath(paths.refund, locale), { type: "success", key: "payments.refund.confirmed" });
}

export default function RefundConfirm() {
  const { email, token } = useLoaderData<typeof loader>();
  const t = useT();
  const lp = useLocalePath();
  return (
    <article className="text-page">
      <h1>{t("payments.refund.confirmTitle")}</h1>
      {token && email ? (
        <div className="panel refund-form">
          <p>{t("payments.refund.confirmIntro", { email })}</p>
          {/* A plain form posting to this same address: the token rides in the query, with or without JS. */}
          <form method="post" action={`?token=${encodeURIComponent(token)}`}>
            <button type="submit" className="button button-danger">
              {t("payments.refund.confirmButton")}
            </button>
          </form>
        </div>
      ) : (
        <>
          <p className="form-error" role="alert">
            {t("payments.refund.invalidLink")}
          </p>
          <Link className="button" to={lp(paths.refund)}>
            {t("payments.refund.title")}
          </Link>
        </>
      )}
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "robots", content: "noindex" },
];
