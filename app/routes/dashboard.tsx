import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";

import { guardPage } from "~/auth/guards.server";
import { expiredNoticeSeenCookie, isExpiredMarker } from "~/billing/subscription.server";
import { LocationMap } from "~/components/dashboard/location-map";
import { NewSearch } from "~/components/dashboard/new-search";
import { RequestDetail, RequestList } from "~/components/dashboard/request-list";
import { TABS, type NewSearchReply, type Tab } from "~/components/dashboard/types";
import { useReplyErrors } from "~/components/form-reply";
import { Modal } from "~/components/modal";
import { NotificationBanner } from "~/components/notification-banner";
import { WholeWords } from "~/components/whole-words";
import { paths } from "~/http/paths";
import { getLocale, getT } from "~/i18n/i18next.server";
import { intlLocale } from "~/i18n/locales";
import type { MessagesHandle } from "~/i18n/messages";
import { pageMessages } from "~/i18n/resources.server";
import { useLocale, useLocalePath, useT } from "~/i18n/use-t";
import { lastSeen, seenCookie } from "~/location-requests/arrivals.server";
import { installableMeta, useServiceWorker } from "~/pwa/installable";
import { config } from "~/server/config.server";
import { readFormData } from "~/utils/form-data.server";
import { dateTimeFormat } from "~/utils/intl-cache";
import { pageNotFound } from "~/utils/not-found.server";
import { requestTimeZone } from "~/utils/request-time-zone.server";
import { useHydrated } from "~/utils/use-hydrated";

import { handleNewSearch, loadDashboardView } from "./dashboard.server";

export const handle: MessagesHandle = {
  messages: [
    "dashboard",
    "expiredModal",
    "requests.templateNames",
    "requests.toast",
    "requests.sent",
    "requests.errors",
    "loginModal.EnterValidEmail",
    "reviews.link",
    "notifications.settings.link",
    "subscription",
  ],
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  // An expired user gets here only at the notice or after seeing it (the route table's expiredReads).
  const { user, subscription } = await guardPage({ request, context }, "subscriber");
  const url = new URL(request.url);
  const expiredNotice = !subscription.access && isExpiredMarker(url);
  const locale = getLocale(request);
  const t = await getT(request);
  const view = await loadDashboardView(
    user.id,
    url,
    locale,
    await requestTimeZone(request),
    lastSeen(request, user.id),
  );
  // Another user's request id answers exactly like one that does not exist.
  if (!view) throw await pageNotFound(request);
  const cookies = new Headers();
  if (expiredNotice) cookies.append("Set-Cookie", expiredNoticeSeenCookie(user.id));
  // A list shown is a look: what arrived until now is seen (marked this once).
  if (view.list) cookies.append("Set-Cookie", seenCookie(user.id));
  return data(
    {
      user: { name: user.name, email: user.email },
      subscription,
      expiredNotice,
      contactEmail: config().CONTACT_EMAIL,
      title: t("dashboard.metaTitle"),
      translations: pageMessages(locale, handle),
      ...view,
    },
    { headers: cookies },
  );
}

/** New Search: send an SMS, an e-mail, or create a link (`intent`); only with an active subscription. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await guardPage({ request, context }, "subscriber");
  return handleNewSearch(request, await readFormData(request), user, await requestTimeZone(request));
}

export default function Dashboard() {
  const view = useLoaderData<typeof loader>();
  const { user, subscription, expiredNotice } = view;
  const t = useT();
  const lp = useLocalePath();
  const locale = useLocale();
  useServiceWorker();
  const hydrated = useHydrated();
  // The server's zone until hydration (the same text as the HTML), then the browser's.
  const date = (iso: string | null) =>
    iso
      ? dateTimeFormat(intlLocale[locale], {
          dateStyle: "long",
          timeZone: hydrated ? undefined : view.zone,
        }).format(new Date(iso))
      : "—";
  return (
    <section className="dashboard">
      <RefusalBanner />
      <h1>{t("dashboard.greeting", { name: user.name ?? user.email })}</h1>
      <SubscriptionStrip state={subscription.state} validUntil={date(subscription.validUntil)} />
      {subscription.access ? null : (
        <p className="notice notice-expired" data-testid="expired-banner">
          {t("dashboard.expired.banner")}{" "}
          <Link className="button button-primary button-small" to={lp(paths.renew)}>
            {t("expiredModal.renew")}
          </Link>
        </p>
      )}
      {/* On a phone New Search is the page's main button, and the four lists fit in two rows. */}
      <Link
        // While the subscription has ended, renewing is the one main action; on New Search itself,
        // sending is.
        className={`button dashboard-new${subscription.access && view.tab !== "new" ? " button-primary" : ""}`}
        to={lp("/dashboard/?tab=new")}
        aria-current={view.tab === "new" ? "page" : undefined}
        preventScrollReset
      >
        {t("dashboard.tabs.new")}
      </Link>
      <DashboardTabs current={view.tab} />
      <div className="dashboard-panel">
        {view.newSearch ? (
          <NewSearch
            data={view.newSearch}
            modal={view.modal}
            canSend={subscription.access}
            defaultName={user.name ?? ""}
          />
        ) : null}
        {view.detail ? (
          <RequestDetail item={view.detail} zone={view.zone} live={view.live}>
            {view.map ? (
              <LocationMap items={[view.detail]} map={view.map} trail={view.detail.live?.trail ?? null} />
            ) : null}
          </RequestDetail>
        ) : null}
        {view.list ? (
          <RequestList tab={view.tab} list={view.list} highlight={view.highlight} zone={view.zone} live={view.live}>
            {view.map ? <LocationMap items={view.list.items} map={view.map} /> : null}
          </RequestList>
        ) : null}
      </div>
      <p className="dashboard-review">
        <Link to={lp(paths.settings)}>{t("notifications.settings.link")}</Link>
        {" · "}
        <Link to={lp(paths.review)}>{t("reviews.link")}</Link>
      </p>
      {expiredNotice ? (
        // Closing leads to the readable dashboard: the notice has been seen (see the loader).
        <Modal id="expired-modal" title={t("expiredModal.title")} closeTo={lp(paths.dashboard)}>
          <p>{t("expiredModal.text")}</p>
          <Link className="button button-primary" to={lp(paths.renew)}>
            {t("expiredModal.renew")}
          </Link>
          <p>{t("expiredModal.contact", { email: view.contactEmail })}</p>
        </Modal>
      ) : null}
    </section>
  );
}

/**
 * A New Search post the server refused as a whole (the three-hour limit, a recent decline): the page
 * that answers it says so at its top. A field's problem stays in its form's error summary.
 */
function RefusalBanner() {
  const message = useReplyErrors(useActionData<NewSearchReply>()).error("form");
  const { key } = useLocation();
  if (!message) return null;
  return (
    <NotificationBanner type="error" focusKey={`${message}${key}`}>
      <p className="notification-banner-heading">{message}</p>
    </NotificationBanner>
  );
}

const STATE_TONE = { Active: "ok", Cancelled: "warn", Unsubscribed: "neutral", Expired: "danger" } as const;

/**
 * The subscription in one line (its state, until when, a link to My Subscription), so that a phone's
 * first screen goes to the tabs and the requests rather than to three summary cards.
 */
function SubscriptionStrip({ state, validUntil }: { state: keyof typeof STATE_TONE; validUntil: string }) {
  const t = useT();
  const lp = useLocalePath();
  return (
    <p className="subscription-strip" data-testid="subscription">
      <span className={`tag tag-${STATE_TONE[state]}`}>{t(`subscription.states.${state}`)}</span>
      <span>
        {t("subscription.validUntil")} {validUntil}
      </span>
      <Link to={lp(paths.mySubscription)}>{t("menu.mySubscriptions")}</Link>
    </p>
  );
}

/** Spec section 2: the dashboard's tabs, plain links so that they work before JavaScript loads. */
function DashboardTabs({ current }: { current: Tab }) {
  const t = useT();
  const lp = useLocalePath();
  return (
    <nav className="dashboard-tabs" aria-label={t("dashboard.tabs.label")}>
      <ul>
        {TABS.map((tab) => (
          <li key={tab} className={`tab-${tab}`}>
            <Link
              to={lp(`/dashboard/?tab=${tab}`)}
              aria-current={tab === current ? "page" : undefined}
              preventScrollReset
            >
              <WholeWords text={t(`dashboard.tabs.${tab}`)} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, location }) => [
  { title: data?.title },
  { name: "robots", content: "noindex" },
  ...installableMeta(location.pathname),
];
