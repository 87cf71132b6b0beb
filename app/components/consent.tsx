import { Link, useLocation, useMatches, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useState, type FormEvent } from "react";

import { paths } from "~/http/paths";
import { policyOf } from "~/http/policy";
import { useLocalePath, useT } from "~/i18n/use-t";
import type { loader as rootLoader } from "~/root";
import { hasThirdPartyTags, tagManagerFrameUrl } from "~/telemetry/tags";

// The consent parts of spec section 7 (docs/decisions/007): loaded only on sites with third-party tags.

function useTelemetry() {
  return useRouteLoaderData<typeof rootLoader>("root")?.telemetry;
}

/** The cookie banner (until the visitor chooses) and, after consent, the tag manager's frame. */
export function Consent() {
  return (
    <>
      <CookieBanner />
      <TagManagerFrame />
    </>
  );
}

/** The tag manager's frame for browsers without JavaScript, only after consent. */
function TagManagerFrame() {
  const t = useT();
  const telemetry = useTelemetry();
  const leaf = useMatches().at(-1)?.id ?? "";
  // Never where a recipient's data is shown (route table `tags`, docs/decisions/010).
  const src =
    telemetry?.consent === "accepted" && telemetry.tags && policyOf(leaf)?.tags
      ? tagManagerFrameUrl(telemetry.tags)
      : null;
  if (!src) return null;
  return (
    <noscript>
      <iframe
        src={src}
        title={t("consent.frameTitle")}
        height="0"
        width="0"
        style={{ display: "none", visibility: "hidden" }}
      />
    </noscript>
  );
}

/**
 * Accept / Reject for the optional tags; a plain form (works without JavaScript), which the page's
 * script sends with fetch so that accepting needs no reload.
 */
export function ConsentForm({ className }: { className?: string }) {
  const t = useT();
  const { pathname, search } = useLocation();
  const revalidator = useRevalidator();
  const [failed, setFailed] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (!submitter) return;
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    body.set("choice", submitter.value);
    try {
      const response = await fetch("/consent", { method: "POST", body, headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      // The root loader reads the new cookie: the banner goes, and the tags load if accepted.
      revalidator.revalidate();
    } catch {
      setFailed(true);
    }
  };

  return (
    <form method="post" action="/consent" className={className} onSubmit={onSubmit}>
      <input type="hidden" name="redirectTo" value={pathname + search} />
      <button type="submit" name="choice" value="accept" className="button button-primary">
        {t("consent.accept")}
      </button>
      <button type="submit" name="choice" value="reject" className="button">
        {t("consent.reject")}
      </button>
      {failed ? <p role="alert">{t("consent.failed")}</p> : null}
    </form>
  );
}

function CookieBanner() {
  const t = useT();
  const lp = useLocalePath();
  const telemetry = useTelemetry();
  if (!telemetry || !hasThirdPartyTags(telemetry.tags) || telemetry.consent) return null;
  return (
    <section className="cookie-banner" aria-labelledby="cookie-banner-title" data-testid="cookie-banner">
      <h2 id="cookie-banner-title">{t("consent.title")}</h2>
      <p>
        {t("consent.text")} <Link to={lp(paths.cookiesPolicy)}>{t("consent.policy")}</Link>
      </p>
      <ConsentForm className="cookie-banner-actions" />
    </section>
  );
}

/** On the cookie policy page: the current choice and the way to change it. */
export function ConsentSettings() {
  const t = useT();
  const telemetry = useTelemetry();
  if (!telemetry || !hasThirdPartyTags(telemetry.tags)) return null;
  const state =
    telemetry.consent === "accepted"
      ? "consent.stateAccepted"
      : telemetry.consent === "rejected"
        ? "consent.stateRejected"
        : "consent.stateNone";
  return (
    <section className="consent-settings" aria-labelledby="consent-settings-title" data-testid="consent-settings">
      <h2 id="consent-settings-title">{t("consent.settingsTitle")}</h2>
      <p>{t(state)}</p>
      <ConsentForm className="cookie-banner-actions" />
    </section>
  );
}
