import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";

import { guardPage } from "~/auth/guards.server";
import { BuyButton } from "~/components/buy-button";
import { ContentSections } from "~/components/content";
import { DemoNotice } from "~/components/demo-notice";
import { CountryField, Field, SubmitButton } from "~/components/form";
import { NotificationBanner } from "~/components/notification-banner";
import { PriceNote } from "~/components/price-note";
import { faqSections, pageContent, priceTextValues } from "~/content/content.server";
import { pageSeo } from "~/content/seo.server";
import { paths } from "~/http/paths";
import { getLocale, getT } from "~/i18n/i18next.server";
import type { MessagePrefix } from "~/i18n/keys";
import type { MessagesHandle } from "~/i18n/messages";
import { pageMessages } from "~/i18n/resources.server";
import { useLocalePath, useT } from "~/i18n/use-t";
import { countryOptions, requestRegion } from "~/phone/countries.server";
import { NUMBER_MAX } from "~/phone/number-search";
import { homeReviewsIfAvailable } from "~/reviews/reviews.server";
import { config } from "~/server/config.server";
import { onDemand } from "~/utils/on-demand";
import { pack, packFor, unpack } from "~/utils/packed";
import { seoMeta } from "~/utils/seo";
import { readFlash, type FeatureNotice } from "~/utils/toast.server";

import { searchNumber } from "./home.server";

/** Published reviews: their code loads only where there are some. */
const Reviews = onDemand(() => import("~/components/home-reviews").then((module) => module.Reviews));
/** The search's answer: its code loads only when a search was sent (`?modal=search`). */
const SearchModal = onDemand(() => import("~/components/home-search-modal").then((module) => module.SearchModal));

/** How many questions the home page shows; the rest are on /faqs. */
const HOME_FAQS = 5;

/** The page's messages by part: the search's answer and the reviews only when they are shown. */
const parts = {
  page: [
    "payments.buyCta",
    "payments.offer.cancelAnytime",
    "home.heroTitle",
    "home.heroSubtitle",
    "home.signInCta",
    "home.search.title",
    "home.search.country",
    "home.search.number",
    "home.search.find",
    "home.search.hint",
    "site.home",
    "site.readingTime",
  ],
  answer: ["home.search", "lookup.numberTypes", "lookup.unknown", "lookup.zones"],
  error: ["requests.errors"],
  reviews: ["reviews.home", "reviews.stars"],
  feature: ["home.featureNotice", "common.bannerImportant"],
  demo: ["outbox.demoBanner"],
} satisfies Record<string, MessagePrefix[]>;
export const handle: MessagesHandle = { messages: Object.values(parts).flat() };

export async function loader({ request, context }: LoaderFunctionArgs) {
  // A signed-in user goes to the dashboard; with a searched number, to New Search with it filled in.
  await guardPage({ request, context }, "visitor");
  const locale = getLocale(request);
  const t = await getT(request);
  const { home, faqs } = pageContent(locale);
  const params = new URL(request.url).searchParams;
  const typed = { country: params.get("country") ?? "", number: params.get("number") ?? "" };
  // The search runs only when the form sent it (`modal=search`); the number alone (after closing a
  // modal) just fills the form in again.
  const [search, reviews, { flash }] = await Promise.all([
    params.get("modal") === "search" ? searchNumber(request, locale, typed) : null,
    homeReviewsIfAvailable(locale),
    // The root loader reads the same flash and clears it: a visitor sent here from a subscriber's feature.
    readFlash(request),
  ]);
  const feature = flash?.feature ?? null;
  return data(
    {
      ...pageSeo(request, { title: t("home.metaTitle"), description: t("home.metaDescription") }),
      translations: pageMessages(locale, {
        messages: [
          ...parts.page,
          ...(search?.facts ? parts.answer : []),
          ...(search?.error ? parts.error : []),
          ...(reviews ? parts.reviews : []),
          ...(feature ? parts.feature : []),
          ...(config().demo ? parts.demo : []),
        ],
      }),
      countries: pack(countryOptions(locale)),
      form: search?.values ?? {
        country: requestRegion(typed.country, locale),
        number: typed.number.slice(0, NUMBER_MAX * 2),
      },
      error: search?.error ?? null,
      facts: search?.facts ?? null,
      // The page's texts change only with the language and the settings: serialized once.
      content: packFor(home, "home", () => ({
        howItWorks: home.howItWorks,
        benefits: home.benefits,
        faq: { heading: home.faqHeading, sections: faqSections(faqs.items.slice(0, HOME_FAQS)) },
      })),
      reviews,
      feature,
      // What subscribing costs, beside the button that starts it.
      price: t("payments.offer.price", priceTextValues(locale)),
      demo: config().demo,
    },
    // The refused search answers 400, also without JavaScript.
    { status: search?.error ? 400 : 200 },
  );
}

export default function Home() {
  const { content, reviews, facts, demo, price, feature } = useLoaderData<typeof loader>();
  const { howItWorks, benefits, faq } = unpack(content);
  const t = useT();
  const lp = useLocalePath();
  return (
    <>
      <DemoNotice demo={demo} />
      {feature ? <FeatureBanner feature={feature} /> : null}
      <section className="hero">
        <h1>{t("home.heroTitle")}</h1>
        <p className="lead">{t("home.heroSubtitle")}</p>
        <NumberSearch />
        <p className="hero-actions">
          <Link className="button" to="?modal=login" preventScrollReset>
            {t("home.signInCta")}
          </Link>
          <BuyButton />
        </p>
        <PriceNote price={price} />
      </section>
      {facts ? <SearchModal facts={facts} /> : null}
      <Cards id="how" className="panel how-steps" ordered heading={howItWorks.heading} items={howItWorks.steps} />
      <Cards id="benefits" className="benefits" heading={benefits.heading} items={benefits.items} />
      {reviews ? <Reviews reviews={reviews} /> : null}
      <section className="panel home-faq" aria-labelledby="faq-title">
        <h2 id="faq-title">{faq.heading}</h2>
        <ContentSections sections={faq.sections} level={3} />
        <p>
          <Link to={lp(paths.faqs)}>{t("site.home.allQuestions")}</Link>
        </p>
      </section>
    </>
  );
}

/**
 * Why a visitor who opened a subscriber's feature (Send Voice Message) is here: what the feature does
 * and the way to it, at the top of the page.
 */
function FeatureBanner({ feature }: { feature: FeatureNotice }) {
  const t = useT();
  const lp = useLocalePath();
  return (
    <NotificationBanner type="info" focusKey={feature} testId="feature-notice">
      <h3 className="notification-banner-heading">{t(`home.featureNotice.${feature}.title`)}</h3>
      <p>{t(`home.featureNotice.${feature}.text`)}</p>
      <p className="notification-banner-actions">
        <Link className="button button-primary button-small" to={lp(paths.buy)} preventScrollReset>
          {t("home.featureNotice.subscribe")}
        </Link>
        <Link className="button button-small" to="?modal=login" preventScrollReset>
          {t("home.featureNotice.logIn")}
        </Link>
      </p>
    </NotificationBanner>
  );
}

/**
 * The number request: a plain GET form, so the search is an address (`?modal=search&...`) that works
 * before JavaScript loads. The server checks the number (libphonenumber-js stays out of the bundle).
 */
function NumberSearch() {
  const { countries: packedCountries, form, error } = useLoaderData<typeof loader>();
  const countries = unpack(packedCountries);
  const t = useT();
  const lp = useLocalePath();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("modal") === "search";
  return (
    // Keyed by the values the server answered with: "New search" (an empty form) starts over, while
    // an answer shows exactly what was sent.
    <Form
      key={`${form.country}:${form.number}`}
      method="get"
      action={lp("/")}
      className="panel search-form"
      aria-labelledby="search-title"
      noValidate
      preventScrollReset
    >
      <h2 id="search-title">{t("home.search.title")}</h2>
      <input type="hidden" name="modal" value="search" />
      <div className="phone-row">
        <CountryField
          name="country"
          label={t("home.search.country")}
          countries={countries}
          defaultValue={form.country}
        />
        <Field
          name="number"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          maxLength={NUMBER_MAX}
          label={t("home.search.number")}
          defaultValue={form.number}
          error={error ? t(error) : undefined}
        />
      </div>
      <p className="field-hint">{t("home.search.hint")}</p>
      <SubmitButton busy={busy}>{t("home.search.find")}</SubmitButton>
    </Form>
  );
}

/** A headed section of short titled texts: the steps (numbered) and the benefits. */
function Cards(props: {
  id: string;
  className: string;
  heading: string;
  items: { title: string; text: string }[];
  ordered?: boolean;
}) {
  const List = props.ordered ? "ol" : "ul";
  return (
    <section className={props.className} aria-labelledby={`${props.id}-title`}>
      <h2 id={`${props.id}-title`}>{props.heading}</h2>
      <List className="cards">
        {props.items.map((item) => (
          <li key={item.title}>
            <h3>{item.title}</h3>
            <p>{item.text}</p>
          </li>
        ))}
      </List>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data);
