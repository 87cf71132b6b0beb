import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireActiveSubscription } from "~/subscription.server";
import { Modal } from "~/components/modal";
import { getT } from "~/i18n/i18next.server";
import { useLocalePath, useT } from "~/i18n/use-t";

/** Shown once after payment and the automatic sign-in. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireActiveSubscription(request);
  const t = await getT(request);
  return { title: t("payments.meta.success") };
}

export default function SuccessModal() {
  const t = useT();
  const lp = useLocalePath();
  return (
    <Modal id="success-modal" title={t("payments.success.title")} closeTo={lp("/dashboard/")}>
      <p>{t("payments.success.text")}</p>
      <a className="button button-primary" href={lp("/dashboard/")}>
        {t("payments.success.start")}
      </a>
    </Modal>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }, { name: "robots", content: "noindex" }];
