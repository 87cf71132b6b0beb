import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireAnonymous } from "~/auth/guards.server";
import { ContentSections } from "~/components/content";
import { BuyButton } from "~/components/payment-modal";
import { faqSections, pageContent } from "~/content.server";
import { getLocale, getT } from "~/i18n/i18next.server";
import { useLocalePath, useT } from "~/i18n/use-t";
import { pageSeo } from "~/seo.server";
import { seoMeta } from "~/utils/seo";

/** How many questions the home page shows; the rest are on /faqs. */
const HOME_FAQS = 5;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const t = await getT(request);
  // The reviews in pages.json are not shown: they are invented, and the page shows no invented testimonials.
  const { home, faqs } = pageContent(getLocale(request));
  return {
    ...pageSeo(request, { title: t("home.metaTitle"), description: t("home.metaDescription") }),
    howItWorks: home.howItWorks,
    benefits: home.benefits,
    faq: { heading: home.faqHeading, sections: faqSections(faqs.items.slice(0, HOME_FAQS)) },
  };
}

export default function Home() {
  const { howItWorks, benefits, faq } = useLoaderData<typeof loader>();
  const t = useT();
  const lp = useLocalePath();
  return (
    <>
      <section className="hero">
        <h1>{t("home.heroTitle")}</h1>
        <p className="lead">{t("home.heroSubtitle")}</p>
        <Link className="button button-primary" to="?modal=login" preventScrollReset>
          {t("home.signInCta")}
        </Link>
        <BuyButton />
      </section>
      <Cards id="how" className="panel how-steps" ordered heading={howItWorks.heading} items={howItWorks.steps} />
      <Cards id="benefits" className="benefits" heading={benefits.heading} items={benefits.items} />
      <section className="panel home-faq" aria-labelledby="faq-title">
        <h2 id="faq-title">{faq.heading}</h2>
        <ContentSections sections={faq.sections} level={3} />
        <p>
          <Link to={lp("/faqs")}>{t("site.home.allQuestions")}</Link>
        </p>
      </section>
    </>
  );
}

/** A headed section of short titled texts: the steps (numbered) and the benefits. */
function Cards(props: { id: string; className: string; heading: string; items: { title: string; text: string }[]; ordered?: boolean }) {
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
