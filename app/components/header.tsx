import { Form, NavLink, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, type ReactNode, type RefObject } from "react";

import { paths } from "~/http/paths";
import { locales, stripLocale, type Locale } from "~/i18n/locales";
import { useLocale, useLocalePath, useT } from "~/i18n/use-t";
import type { loader as rootLoader } from "~/root";

import { BrandMark } from "./brand";

/**
 * The site's header: the mark, the menu and the language. On phones and tablets (up to 980 px) a
 * checkbox opens the whole menu as a list, before JavaScript loads. From 981 px it is one row in every
 * language: the main entries with short names, the rest under "More" and the language as a compact
 * choice (its code), both `<details>` so that they open without JavaScript too. The entries under
 * "More" are in the HTML twice, in the phone's list and in the dropdown; the copy of the other layout
 * is `display: none`, hidden from everyone.
 */
export function Header() {
  const t = useT();
  const locale = useLocale();
  const lp = useLocalePath();
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user;
  // The phone menu and the dropdowns close when the page changes (without JavaScript every link loads
  // a new page).
  const header = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLInputElement>(null);
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (toggle.current) toggle.current.checked = false;
    for (const details of header.current?.querySelectorAll("details[open]") ?? []) details.removeAttribute("open");
  }, [pathname, search]);
  useDropdownsClose(header);

  const Link = MenuLink;
  // In the phone's list, and under "More" on the desktop.
  const secondary = (className?: string) => (
    <>
      {user ? (
        <>
          <li className={className}>
            <Link to={lp("/")}>{t("menu.product")}</Link>
          </li>
          <li className={className}>
            <Link to={lp(paths.mySubscription)}>{t("menu.mySubscriptions")}</Link>
          </li>
        </>
      ) : null}
      <li className={className}>
        <Link to={lp(paths.aboutUs)}>{t("menu.aboutUs")}</Link>
      </li>
      <li className={className}>
        <Link to={lp(paths.faqs)}>{t("menu.faq")}</Link>
      </li>
      <li className={className}>
        <Link to={lp(paths.blog)}>{t("menu.blog")}</Link>
      </li>
    </>
  );
  return (
    <header className="site-header" ref={header}>
      <NavLink to={lp("/")} className="brand" end>
        <BrandMark />
        <span>{t("brand")}</span>
      </NavLink>
      <input ref={toggle} type="checkbox" id="menu-toggle" className="menu-toggle" aria-label={t("menu.toggle")} />
      <label htmlFor="menu-toggle" className="menu-button" aria-hidden="true">
        <span />
        <span />
        <span />
      </label>
      <nav className="menu" aria-label={t("menu.label")}>
        <ul>
          {/* A subscriber's row starts with their dashboard; Product is under "More" for them. */}
          {user ? (
            <li>
              <Link to={lp(paths.dashboard)}>{t("menu.dashboard")}</Link>
            </li>
          ) : (
            <li>
              <Link to={lp("/")}>{t("menu.product")}</Link>
            </li>
          )}
          <li>
            <Link to={lp(paths.sendVoiceMessage)}>
              <Short full={t("menu.sendVoiceMessage")} short={t("menu.sendVoiceMessageShort")} />
            </Link>
          </li>
          <li>
            <Link to={lp(paths.reverseLookup)}>
              <Short full={t("menu.reverseLookup")} short={t("menu.reverseLookupShort")} />
            </Link>
          </li>
          {secondary("only-phone")}
          <li className="only-desktop menu-dropdown">
            <details>
              <summary>{t("menu.more")}</summary>
              <ul>{secondary()}</ul>
            </details>
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
        <details className="language-switch">
          <summary>
            <span className="language-label">{t("menu.language")}: </span>
            <span lang={htmlLangOf(locale)}>{LANGUAGE_CODES[locale]}</span>
          </summary>
          <LanguageMenu />
        </details>
      </nav>
    </header>
  );
}

/** What a language is called in the compact choice: its code, as on most multilingual sites. */
const LANGUAGE_CODES: Record<Locale, string> = { en: "EN", id: "ID", ph: "FIL" };
const htmlLangOf = (locale: Locale) => (locale === "ph" ? "fil" : locale);

/** A menu entry's name: the whole name in the phone's list, a short one in the desktop's row. */
function Short({ full, short }: { full: string; short: string }) {
  return (
    <>
      <span className="label-full">{full}</span>
      <span className="label-short">{short}</span>
    </>
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

/**
 * With JavaScript, an open dropdown closes as a menu does: on a click elsewhere, and on Escape, which
 * gives the focus back to its button.
 */
function useDropdownsClose(header: RefObject<HTMLElement>) {
  useEffect(() => {
    const openOnes = () => [...(header.current?.querySelectorAll<HTMLDetailsElement>("details[open]") ?? [])];
    const onClick = (event: MouseEvent) => {
      for (const details of openOnes()) if (!details.contains(event.target as Node)) details.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      for (const details of openOnes()) {
        details.open = false;
        if (details.contains(document.activeElement)) details.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKey);
    };
  }, [header]);
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
          lang={htmlLangOf(locale)}
        >
          {t(`language.${locale}`)}
        </button>
      ))}
    </Form>
  );
}

/** The first thing Tab reaches on every page: past the header, to the page's own content. */
export function SkipLink() {
  const t = useT();
  return (
    <a className="skip-link" href="#main">
      {t("common.skipToMain")}
    </a>
  );
}
