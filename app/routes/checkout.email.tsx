import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";

import { guardPage } from "~/auth/guards.server";
import { getT } from "~/i18n/i18next.server";
import type { MessagesHandle } from "~/i18n/messages";
import { pageMessages } from "~/i18n/resources.server";
import { useT } from "~/i18n/use-t";

/**
 * Where a checkout for an address that already has an account leads (docs/decisions/050): nothing
 * was opened, the address's owner was e-mailed what to do, and the page says so without saying
 * whose address it is or whether it has an account.
 */
export const handle: MessagesHandle = { messages: ["payments.checkEmail"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardPage({ request, context }, "anyone");
  const t = await getT(request);
  return data(
    { title: t("payments.checkEmail.title"), translations: pageMessages(request, handle) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export default function CheckEmail() {
  const t = useT();
  return (
    <article className="text-page">
      <h1>{t("payments.checkEmail.title")}</h1>
      <div className="panel" data-testid="check-email">
        <p>{t("payments.checkEmail.text")}</p>
        <p className="muted">{t("payments.checkEmail.hint")}</p>
      </div>
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "robots", content: "noindex" },
];
