import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useId } from "react";

import { guardPage } from "~/auth/guards.server";
import { Field, SubmitButton } from "~/components/form";
import { useReplyErrors } from "~/components/form-reply";
import { NotificationBanner } from "~/components/notification-banner";
import { pageSeo } from "~/content/seo.server";
import { getLocale, getT } from "~/i18n/i18next.server";
import type { KeyUnder } from "~/i18n/keys";
import type { MessagesHandle } from "~/i18n/messages";
import { pageMessages } from "~/i18n/resources.server";
import { useLocalePath, useT } from "~/i18n/use-t";
import { DEFAULT_REGION, lookupCountryOptions } from "~/phone/countries.server";
import type { LookupView } from "~/phone/lookup.server";
import { zonesText } from "~/phone/zones";
import { readFormData } from "~/utils/form-data.server";
import { seoMeta } from "~/utils/seo";

import { answerLookup, type LookupReply } from "./reverse-phone-lookup.server";

const NUMBER_MAX = 40;
/** Twilio Lookup v2 line types with a translation; any other value is shown as Twilio sends it. */
const LINE_TYPES = [
  "landline",
  "mobile",
  "fixedVoip",
  "nonFixedVoip",
  "personal",
  "tollFree",
  "premium",
  "sharedCost",
  "uan",
  "voicemail",
  "pager",
  "unknown",
] as const satisfies KeyUnder<"lookup.lineTypes">[];
const isLineType = (value: string): value is (typeof LINE_TYPES)[number] =>
  (LINE_TYPES as readonly string[]).includes(value);

// Open to visitors and to signed-in users alike: a subscriber gets the full lookup here.
export const handle: MessagesHandle = { messages: ["lookup", "requests.errors"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await guardPage({ request, context }, "anyone");
  const locale = getLocale(request);
  const t = await getT(request);
  const seo = pageSeo(request, { title: t("lookup.title"), description: t("lookup.description") });
  const params = new URL(request.url).searchParams;
  const number = params.get("number");
  // A link such as ?number=%2B639171234567 answers at once (the form itself posts).
  const reply =
    number === null
      ? null
      : await answerLookup(request, locale, { country: params.get("country") ?? "", number }, user);
  return data(
    {
      ...seo,
      translations: pageMessages(locale, handle),
      countries: lookupCountryOptions(locale),
      defaultRegion: DEFAULT_REGION[locale],
      reply,
    },
    { status: reply && !reply.ok ? 400 : 200 },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await guardPage({ request, context }, "anyone");
  const form = await readFormData(request);
  const field = (name: string) => String(form.get(name) ?? "").slice(0, 100);
  const reply = await answerLookup(
    request,
    getLocale(request),
    { country: field("country"), number: field("number") },
    user,
  );
  return data(reply, { status: reply.ok ? 200 : 400 });
}

export default function ReversePhoneLookup() {
  const { countries, defaultRegion, reply: linked } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const navigation = useNavigation();
  const t = useT();
  const selectId = useId();
  const { key } = useLocation();
  const reply: LookupReply | null = posted ?? linked;
  const refused = reply && !reply.ok ? reply : null;
  const numberError = useReplyErrors(refused).error("number");
  return (
    <article className="text-page lookup-page">
      {numberError ? (
        // The answer at the top of the page, its problem a link to the field (GOV.UK's pattern).
        <NotificationBanner type="error" focusKey={`${numberError}${key}`}>
          <p className="notification-banner-heading">
            <a href="#lookup-number">{numberError}</a>
          </p>
        </NotificationBanner>
      ) : reply?.ok ? (
        <NotificationBanner type="info" focusKey={`${reply.result.internationalFormat}${key}`}>
          <p className="notification-banner-heading">
            <a href="#lookup-result-title">{t("lookup.resultTitle", { number: reply.result.internationalFormat })}</a>
          </p>
        </NotificationBanner>
      ) : null}
      <h1>{t("lookup.heading")}</h1>
      <p className="lead">{t("lookup.intro")}</p>
      <section className="panel" aria-labelledby="lookup-form-title">
        <h2 id="lookup-form-title">{t("lookup.formTitle")}</h2>
        <Form method="post" className="lookup-form">
          <div className="phone-row">
            <div className="field">
              <label htmlFor={selectId}>{t("lookup.country")}</label>
              <select id={selectId} name="country" defaultValue={reply?.values.country || defaultRegion}>
                {countries.map((c) => (
                  <option key={c.region} value={c.region}>
                    {`${c.dial} ${c.name}`}
                  </option>
                ))}
              </select>
            </div>
            <Field
              id="lookup-number"
              name="number"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              required
              maxLength={NUMBER_MAX}
              label={t("lookup.number")}
              defaultValue={reply?.values.number}
              error={numberError}
            />
          </div>
          <p className="hint">{t("lookup.hint")}</p>
          <SubmitButton busy={navigation.state === "submitting"}>{t("lookup.submit")}</SubmitButton>
        </Form>
      </section>
      {reply?.ok ? <LookupResult result={reply.result} /> : null}
    </article>
  );
}

function LookupResult({ result }: { result: LookupView }) {
  const t = useT();
  const lp = useLocalePath();
  const unknown = t("lookup.unknown");
  const details = result.details;
  const providerValue = (value: string | null | undefined) => (details ? (value ?? unknown) : null);
  return (
    <section className="panel lookup-result" aria-labelledby="lookup-result-title" data-testid="lookup-result">
      <h2 id="lookup-result-title">{t("lookup.resultTitle", { number: result.internationalFormat })}</h2>
      {result.providerState === "failed" ? (
        <p className="form-error" role="alert">
          {t("lookup.providerFailed")}
        </p>
      ) : null}
      <dl className="lookup-fields">
        <dt>{t("lookup.fields.valid")}</dt>
        <dd data-field="valid">{result.valid ? t("lookup.yes") : t("lookup.no")}</dd>
        <dt>{t("lookup.fields.country")}</dt>
        <dd data-field="country">{result.countryName ? `${result.countryName} (+${result.callingCode})` : unknown}</dd>
        <dt>{t("lookup.fields.region")}</dt>
        <dd data-field="region">{t("lookup.regionNotInData")}</dd>
        <dt>{t("lookup.fields.timeZones")}</dt>
        <dd data-field="timeZones">{result.zones ? zonesText(t, result.zones) : t("lookup.timeZoneUnknown")}</dd>
        <dt>{t("lookup.fields.numberType")}</dt>
        <dd data-field="numberType">{t(`lookup.numberTypes.${result.numberType ?? "UNKNOWN"}`)}</dd>
        <dt>{t("lookup.fields.nationalFormat")}</dt>
        <dd data-field="nationalFormat">{result.nationalFormat}</dd>
        {details ? (
          <>
            <dt>{t("lookup.fields.carrier")}</dt>
            <dd data-field="carrier">{providerValue(details.carrier)}</dd>
            <dt>{t("lookup.fields.lineType")}</dt>
            <dd data-field="lineType">
              {!details.lineType
                ? unknown
                : isLineType(details.lineType)
                  ? t(`lookup.lineTypes.${details.lineType}`)
                  : details.lineType}
            </dd>
            <dt>{t("lookup.fields.callerName")}</dt>
            <dd data-field="callerName">{providerValue(details.callerName)}</dd>
          </>
        ) : null}
      </dl>
      {details || result.providerState === "ok" ? null : (
        <p className="hint" data-testid="lookup-provider-note">
          {t(`lookup.providerNote.${result.providerState}`)}
          {result.providerState === "subscribersOnly" ? (
            <>
              {" "}
              <a href={lp("/?modal=login")}>{t("lookup.signIn")}</a>
            </>
          ) : null}
        </p>
      )}
      <p className="hint">{t("lookup.source", { provider: t(`lookup.providers.${result.provider}`) })}</p>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data);
