import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { requireAnonymous } from "~/auth/guards.server";
import { getT } from "~/i18n/i18next.server";
import { useT } from "~/i18n/use-t";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const t = await getT(request);
  return { title: t("home.metaTitle"), description: t("home.metaDescription") };
}

export default function Home() {
  const t = useT();
  return (
    <>
      <section className="hero">
        <h1>{t("home.heroTitle")}</h1>
        <p className="lead">{t("home.heroSubtitle")}</p>
        <Link className="button button-primary" to="?modal=login" preventScrollReset>
          {t("home.signInCta")}
        </Link>
      </section>
      <section className="panel" aria-labelledby="consent-title">
        <h2 id="consent-title">{t("home.consentTitle")}</h2>
        <ol className="steps">
          <li>{t("home.step1")}</li>
          <li>{t("home.step2")}</li>
          <li>{t("home.step3")}</li>
        </ol>
      </section>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "description", content: data?.description },
];
