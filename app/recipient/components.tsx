import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";

import { BrandMark } from "~/components/brand";
import { useNonce } from "~/http/nonce";
import { paths } from "~/http/paths";
import { htmlLang, locales, stripLocale } from "~/i18n/locales";
import { useLocale, useLocalePath, useT } from "~/i18n/use-t";

import { FOCUS_OUTCOME, OUTCOME_PARAM } from "./outcome";
import { recipientPaths } from "./paths";

/** Spec section 8: 'Invalid link!', with the way to type the code from the message instead. */
export function InvalidLink() {
  const t = useT();
  const lp = useLocalePath();
  return (
    <section aria-labelledby="invalid-title">
      <h1 id="invalid-title">{t("recipient.invalidLink")}</h1>
      <p>{t("recipient.invalidLinkHelp")}</p>
      <a className="button button-primary" href={lp(paths.enterLink)}>
        {t("recipient.enterLinkCta")}
      </a>
    </section>
  );
}

type Controls = { channel: "sms" | "email"; optedOut: boolean; blocked: boolean; erased: boolean };

/**
 * The recipient's own controls (docs/decisions/012): plain forms that post to the consent page and
 * come back to `back` (this page). Shown only on the recipient's own link.
 */
export function RecipientControls({
  controls,
  consentPath,
  back,
}: {
  controls: Controls;
  consentPath: string;
  back: "consent" | "share";
}) {
  const t = useT();
  const control = (intent: string, label: string) => (
    <form method="post" action={consentPath}>
      <input type="hidden" name="back" value={back} />
      <button type="submit" name="intent" value={intent} className="button">
        {label}
      </button>
    </form>
  );
  return (
    <section className="controls" aria-labelledby="controls-title" data-testid="recipient-controls">
      <h2 id="controls-title">{t("recipient.controls.title")}</h2>
      {controls.optedOut ? (
        <>
          <div className="notice notice-ok" role="status">
            <p>{t(`recipient.controls.optedOut_${controls.channel}`)}</p>
          </div>
          {control("undoOptOut", t("recipient.controls.undoOptOut"))}
        </>
      ) : (
        <>
          <p>{t(`recipient.controls.optOutHelp_${controls.channel}`)}</p>
          {control("optOut", t("recipient.controls.optOut"))}
          {controls.blocked ? (
            <>
              <div className="notice" role="status">
                <p>{t("recipient.controls.blocked")}</p>
              </div>
              {control("unblock", t("recipient.controls.unblock"))}
            </>
          ) : (
            <>
              <p>{t("recipient.controls.blockHelp")}</p>
              {control("block", t("recipient.controls.block"))}
            </>
          )}
        </>
      )}
      <h2 id="erase-title">{t("recipient.erase.title")}</h2>
      {controls.erased ? (
        <div className="notice notice-ok" role="status" data-testid="erased">
          <p>{t(`recipient.erase.done_${controls.channel}`)}</p>
        </div>
      ) : (
        <form method="post" action={consentPath} aria-labelledby="erase-title" data-testid="erase-form">
          <input type="hidden" name="back" value={back} />
          <p>{t(`recipient.erase.help_${controls.channel}`)}</p>
          <p className="muted">{t("recipient.erase.keeps")}</p>
          <label className="check">
            <input type="checkbox" name="confirm" value="yes" required />
            <span>{t("recipient.erase.confirm")}</span>
          </label>
          <p className="choices">
            <button type="submit" name="intent" value="erase" className="button">
              {t("recipient.erase.submit")}
            </button>
          </p>
        </form>
      )}
    </section>
  );
}

/**
 * What the consent and share pages show for a link they cannot use: the loaders' `invalid` answer
 * (an unknown code) or `expired` one (recipient.server.ts).
 */
export function UnusableLink({
  page,
}: {
  page: { kind: "invalid" } | { kind: "expired"; ttlDays: number; id: string; controls: Controls | null };
}) {
  const locale = useLocale();
  if (page.kind === "invalid") return <InvalidLink />;
  return (
    <ExpiredLink
      ttlDays={page.ttlDays}
      controls={page.controls}
      consentPath={recipientPaths(page.id, locale).consent}
    />
  );
}

/** An unanswered link past REQUEST_TTL_DAYS: says so, offers no sharing; the controls stay. */
export function ExpiredLink({
  ttlDays,
  controls,
  consentPath,
}: {
  ttlDays: number;
  controls: Controls | null;
  consentPath: string;
}) {
  const t = useT();
  return (
    <section aria-labelledby="expired-title">
      <h1 id="expired-title">{t("recipient.expired.title")}</h1>
      <p className="lead">{t("recipient.expired.text", { count: ttlDays })}</p>
      {controls ? <RecipientControls controls={controls} consentPath={consentPath} back="consent" /> : null}
    </section>
  );
}

/**
 * The frame of every recipient page: header (with the language row), the page itself in <main>,
 * footer. `outcome`, the answer to the post that led here, comes first in <main> (GOV.UK's
 * notification banner): without JavaScript the browser shows the top of the page, so the confirmation
 * is what the reader sees; the page's one inline script (`script`, plus the focus line when there is
 * an outcome) moves focus there for screen readers. `reportCode`, the link id of the request on the
 * page, adds "Report abuse" to the footer.
 */
export function RecipientPage({
  children,
  reportCode,
  outcome,
  script,
}: {
  children: ReactNode;
  reportCode: string | null;
  outcome?: Outcome | null;
  script?: string;
}) {
  const nonce = useNonce();
  const t = useT();
  const code = (outcome ? FOCUS_OUTCOME : "") + (script ?? "");
  return (
    <>
      {/* The first thing Tab reaches, as on every other page: past the language row to the page. */}
      <a className="skip-link" href="#main">
        {t("common.skipToMain")}
      </a>
      <RecipientHeader />
      <main id="main" tabIndex={-1}>
        {outcome ? <OutcomeBanner {...outcome} /> : null}
        {children}
      </main>
      <RecipientFooter reportCode={reportCode} />
      {code ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: code }} /> : null}
    </>
  );
}

/** What a post did (`problem`: what it could not do, and why). */
type Outcome = { title: string; text?: string; problem?: boolean };

/** GOV.UK's success banner: a small title, then the outcome as its heading; red for a refusal. */
function OutcomeBanner({ title, text, problem }: Outcome) {
  const t = useT();
  return (
    <div
      className={problem ? "banner banner-problem" : "banner"}
      id="outcome"
      role="alert"
      tabIndex={-1}
      aria-labelledby="outcome-label outcome-title"
      data-testid="outcome"
    >
      <p className="banner-label" id="outcome-label">
        {t(problem ? "recipient.outcome.problem" : "recipient.outcome.title")}
      </p>
      <h2 id="outcome-title">{title}</h2>
      {text ? <p>{text}</p> : null}
    </div>
  );
}

/** The recipient's pages' header: the mark and the name, nothing to click away to but the language. */
function RecipientHeader() {
  const t = useT();
  return (
    <header className="bare-header">
      <span className="brand">
        <BrandMark size={28} />
        <span>{t("brand")}</span>
      </span>
      <LanguageRow />
    </header>
  );
}

/**
 * The same page in another language, without JavaScript: the site's language menu (/set-locale, which
 * remembers the choice in the `lng` cookie and opens the same address under /, /id or /ph), as one
 * small row. The address keeps the link and its state (the query); only a post's outcome is left out,
 * so that it is not announced again.
 */
function LanguageRow() {
  const t = useT();
  const current = useLocale();
  const { pathname, search } = useLocation();
  const query = new URLSearchParams(search);
  query.delete(OUTCOME_PARAM);
  const rest = query.toString();
  return (
    <form method="post" action="/set-locale" className="languages" aria-label={t("recipient.language")}>
      <input type="hidden" name="redirectTo" value={stripLocale(pathname) + (rest ? `?${rest}` : "")} />
      {locales.map((locale) => (
        <button
          key={locale}
          type="submit"
          name="lng"
          value={locale}
          lang={htmlLang[locale]}
          aria-current={locale === current ? "true" : undefined}
          data-testid={`language-${locale}`}
        >
          {t(`language.${locale}`)}
        </button>
      ))}
    </form>
  );
}

/** The recipient's pages' footer: what Family Locator is, its privacy policy, reporting the request. */
function RecipientFooter({ reportCode }: { reportCode: string | null }) {
  const t = useT();
  const lp = useLocalePath();
  const locale = useLocale();
  return (
    <footer className="bare-footer" aria-label={t("recipient.footer.label")}>
      <div>
        <p>{t("recipient.footer.what")}</p>
        <ul>
          <li>
            <a href={lp(paths.aboutUs)}>{t("recipient.footer.about")}</a>
          </li>
          <li>
            <a href={lp(paths.privacyPolicy)}>{t("recipient.footer.privacy")}</a>
          </li>
          {reportCode ? (
            <li>
              <a href={recipientPaths(reportCode, locale).report} data-testid="report-abuse">
                {t("recipient.footer.report")}
              </a>
            </li>
          ) : null}
        </ul>
      </div>
    </footer>
  );
}
