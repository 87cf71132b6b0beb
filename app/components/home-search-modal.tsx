import { Link, useLocation } from "@remix-run/react";

import { pageWithModal, pageWithoutModal } from "~/auth/modal-url";
import { Modal } from "~/components/modal";
import type { KeyUnder } from "~/i18n/keys";
import { useLocalePath, useT } from "~/i18n/use-t";
import { zonesText, type SearchFacts } from "~/phone/zones";

// The home page's search answer, in its own chunk: most visits never open it (home.tsx loads it on demand).

/**
 * The searching modal: the search as the process it is (spec section 2), each step with what it has
 * really answered, under one plain sentence: the service does not locate phones, it sends the person
 * a request and they decide. The number is checked; its country and time zones follow from it; the
 * carrier step exists only when a lookup provider is configured; city and location are a step of
 * their own that only the person's consent completes. Every step is shown once its data is there.
 */
export function SearchModal({ facts }: { facts: SearchFacts }) {
  const t = useT();
  const lp = useLocalePath();
  const { pathname, search } = useLocation();
  const page = pageWithoutModal(pathname, search);
  const carrier =
    facts.carrier &&
    (facts.carrier.state === "ok" ? (facts.carrier.name ?? t("lookup.unknown")) : t("home.search.carrierUnavailable"));
  const unknown = t("lookup.unknown");
  const consentOnly = t("home.search.consentOnly");
  return (
    <Modal id="search-modal" title={t("home.search.modalTitle")} closeTo={page} openedBy=".search-form [type=submit]">
      <p className="notice" data-testid="search-consent">
        {t("home.search.consent")}
      </p>
      <ol className="search-steps" aria-label={t("home.search.process")}>
        <Step
          name="number"
          facts={{
            number: facts.internationalFormat,
            numberType: t(`lookup.numberTypes.${facts.numberType ?? "UNKNOWN"}`),
          }}
        />
        <Step
          name="region"
          facts={{
            country: facts.country ? `${facts.country.name} (+${facts.country.callingCode})` : unknown,
            timeZones: facts.zones ? zonesText(t, facts.zones) : unknown,
          }}
        />
        {carrier ? <Step name="carrier" facts={{ carrier }} /> : null}
        <Step name="location" waiting facts={{ city: consentOnly, location: consentOnly }} />
      </ol>
      <div className="search-actions">
        <Link
          className="button button-primary"
          to={pageWithModal(page, { modal: "payment" })}
          preventScrollReset
          data-testid="search-next"
        >
          {t("home.search.next")}
        </Link>
        <Link className="button button-quiet" to={lp("/")} preventScrollReset>
          {t("home.search.again")}
        </Link>
      </div>
    </Modal>
  );
}

type Fact = KeyUnder<"home.search.facts">;

/** One step of the search: done (a check mark, drawn by the stylesheet), or waiting for the person. */
function Step({
  name,
  facts,
  waiting = false,
}: {
  name: KeyUnder<"home.search.steps">;
  facts: Partial<Record<Fact, string>>;
  waiting?: boolean;
}) {
  const t = useT();
  return (
    <li data-step={name} data-state={waiting ? "waiting" : "done"}>
      <span className="step-label">
        {t(`home.search.steps.${name}`)}
        <span className="sr-only"> ({t(waiting ? "home.search.stepWaiting" : "home.search.stepDone")})</span>
      </span>
      <dl className="step-facts">
        {Object.entries(facts).map(([fact, value]) => (
          <div key={fact} data-fact={fact}>
            {/* Object.entries forgets the record's key type: its keys are facts. */}
            <dt>{t(`home.search.facts.${fact as Fact}`)}</dt>
            <dd className="step-value">{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
