import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { Modal } from "~/components/modal";
import { getLocale, getT } from "~/i18n/i18next.server";
import { intlLocale, localizePath } from "~/i18n/locales";
import { useLocale, useLocalePath, useT } from "~/i18n/use-t";
import { EXPIRED_PATH, isExpiredMarker, subscriptionFor } from "~/subscription.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // Subscription info is read on every private navigation (spec section 4).
  const subscription = await subscriptionFor(user.id);
  const url = new URL(request.url);
  const expiredNotice = isExpiredMarker(url);
  if (!subscription.access && !expiredNotice) throw redirect(localizePath(EXPIRED_PATH, getLocale(request)));
  const t = await getT(request);
  return { user, subscription, expiredNotice: expiredNotice && !subscription.access, title: t("dashboard.metaTitle") };
}

export default function Dashboard() {
  const { user, subscription, expiredNotice } = useLoaderData<typeof loader>();
  const t = useT();
  const lp = useLocalePath();
  const locale = useLocale();
  const date = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(intlLocale[locale], { dateStyle: "long" }).format(new Date(iso)) : "—";
  return (
    <section className="dashboard">
      <h1>{t("dashboard.greeting", { name: user.name ?? user.email })}</h1>
      <dl className="facts" data-testid="subscription">
        <div>
          <dt>{t("subscription.state")}</dt>
          <dd>{t(`subscription.states.${subscription.state}`)}</dd>
        </div>
        <div>
          <dt>{t("subscription.validUntil")}</dt>
          <dd>{date(subscription.validUntil)}</dd>
        </div>
        <div>
          <dt>{t("subscription.createdAt")}</dt>
          <dd>{date(subscription.createdAt)}</dd>
        </div>
      </dl>
      {expiredNotice ? (
        <Modal id="expired-modal" title={t("expiredModal.title")} closeTo={lp("/dashboard/")}>
          <p>{t("expiredModal.text")}</p>
          <p>{t("expiredModal.contact")}</p>
        </Modal>
      ) : null}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }, { name: "robots", content: "noindex" }];
