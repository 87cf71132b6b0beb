import { Link, useRouteLoaderData } from "@remix-run/react";

import { paths } from "~/http/paths";
import { useLocalePath, useT } from "~/i18n/use-t";
import type { loader as rootLoader } from "~/root";

import { BrandMark } from "./brand";
import { WholeWords } from "./whole-words";

/** Every page's footer: what Family Locator is, the legal pages, and how to reach a person. */
export function Footer() {
  const t = useT();
  const lp = useLocalePath();
  const contactEmail = useRouteLoaderData<typeof rootLoader>("root")?.contactEmail;
  const links = [
    [paths.aboutUs, "footer.about"],
    [paths.faqs, "footer.faq"],
    [paths.blog, "footer.blog"],
    [paths.contactUs, "footer.contact"],
    [paths.privacyPolicy, "footer.privacy"],
    [paths.termsOfUse, "footer.terms"],
    [paths.refund, "footer.refunds"],
    [paths.cookiesPolicy, "footer.cookies"],
    [paths.intellectualProperty, "footer.intellectualProperty"],
  ] as const;
  return (
    <footer className="site-footer" aria-label={t("footer.label")}>
      <div className="site-footer-inner">
        <div>
          <Link to={lp("/")} className="brand">
            <BrandMark size={28} />
            <span>{t("brand")}</span>
          </Link>
          <p>{t("footer.tagline")}</p>
          {contactEmail ? (
            <p>
              {t("footer.support")} <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
            </p>
          ) : null}
        </div>
        <ul className="footer-links">
          {links.map(([path, key]) => (
            <li key={path}>
              <Link to={lp(path)}>
                <WholeWords text={t(key)} />
              </Link>
            </li>
          ))}
        </ul>
        <p className="footer-legal">{t("footer.copyright", { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
