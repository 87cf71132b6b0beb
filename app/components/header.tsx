import { Form, NavLink, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";

import { locales, stripLocale } from "~/i18n/locales";
import { useLocale, useLocalePath, useT } from "~/i18n/use-t";
import { paths } from "~/paths";
import type { loader as rootLoader } from "~/root";

import { BrandMark } from "./brand";

export function Header() {
  const t = useT();
  const locale = useLocale();
  const lp = useLocalePath();
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user;
  // The phone menu closes when the page changes (without JavaScript every link loads a new page).
  const toggle = useRef<HTMLInputElement>(null);
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (toggle.current) toggle.current.checked = false;
  }, [pathname, search]);
  const Link = MenuLink;
  return (
    <header className="site-header">
      <NavLink to={lp("/")} className="brand" end>
        <BrandMark />
        <span>{t("brand")}</span>
      </NavLink>
      {/* A checkbox opens the menu on small screens, so it works before JavaScript loads. */}
      <input ref={toggle} type="checkbox" id="menu-toggle" className="menu-toggle" aria-label={t("menu.toggle")} />
      <label htmlFor="menu-toggle" className="menu-button" aria-hidden="true">
        <span />
        <span />
        <span />
      </label>
      <nav className={user ? "menu menu-signed-in" : "menu"} aria-label={t("menu.label")}>
        <ul>
          <li>
            <Link to={lp("/")}>{t("menu.product")}</Link>
          </li>
          <li>
            <Link to={lp(paths.sendVoiceMessage)}>{t("menu.sendVoiceMessage")}</Link>
          </li>
          <li>
            <Link to={lp(paths.reverseLookup)}>{t("menu.reverseLookup")}</Link>
          </li>
          {user ? (
            <>
              <li>
                <Link to={lp(paths.dashboard)}>{t("menu.dashboard")}</Link>
              </li>
              <li>
                <Link to={lp(paths.mySubscription)}>{t("menu.mySubscriptions")}</Link>
              </li>
            </>
          ) : null}
          <li className="menu-more">
            <Link to={lp(paths.aboutUs)}>{t("menu.aboutUs")}</Link>
          </li>
          <li className="menu-more">
            <Link to={lp(paths.faqs)}>{t("menu.faq")}</Link>
          </li>
          <li className="menu-more">
            <Link to={lp(paths.blog)}>{t("menu.blog")}</Link>
          </li>
          {user ? (
            <li>
              <Form method="post" action="/auth/logout" className="inline-form">
                <input type="hidden" name="locale" value={locale} />
                <button type="submit" className="link-button">
                  {t("menu.logOut")}
                </button>
              </Form>
            </li>
          ) : (
            <li className="menu-action">
              <NavLink to="?modal=login" preventScrollReset className="button button-small">
                {t("menu.logIn")}
              </NavLink>
            </li>
          )}
        </ul>
        <LanguageMenu />
      </nav>
    </header>
  );
}

/** A menu entry: marked as the current page where it is one. */
function MenuLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <NavLink to={to} end={to === "/" || /^\/(id|ph)$/.test(to)}>
      {children}
    </NavLink>
  );
}

function LanguageMenu() {
  const t = useT();
  const current = useLocale();
  const { pathname, search } = useLocation();
  return (
    <Form method="post" action="/set-locale" className="language-menu" aria-label={t("menu.language")}>
      <input type="hidden" name="redirectTo" value={stripLocale(pathname) + search} />
      {locales.map((locale) => (
        <button
          key={locale}
          type="submit"
          name="lng"
          value={locale}
          aria-current={locale === current ? "true" : undefined}
          lang={locale === "ph" ? "fil" : locale}
        >
          {t(`language.${locale}`)}
        </button>
      ))}
    </Form>
  );
}
