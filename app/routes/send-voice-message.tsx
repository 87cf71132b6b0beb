import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useId, type ReactNode } from "react";

import { guardPage } from "~/auth/guards.server";
import { Field } from "~/components/form";
import { useReplyErrors } from "~/components/form-reply";
import { NotificationBanner } from "~/components/notification-banner";
import { pageSeo } from "~/content/seo.server";
import { paths } from "~/http/paths";
import { getLocale, getT } from "~/i18n/i18next.server";
import type { KeyUnder } from "~/i18n/keys";
import { intlLocale, localizePath, type Locale } from "~/i18n/locales";
import { nameIn } from "~/i18n/message-keys.server";
import type { MessagesHandle } from "~/i18n/messages";
import { pageMessages } from "~/i18n/resources.server";
import { useT } from "~/i18n/use-t";
import { accountSlotKey, nextAllowedAt } from "~/limits/usage-limit.server";
import { DEFAULT_REGION, lookupCountryOptions } from "~/phone/countries.server";
import { NAME_MAX } from "~/utils/display-text";
import { readFormData } from "~/utils/form-data.server";
import { parseForm, refusal, replyOf, type FormReply } from "~/utils/parse-form";
import { requestTimeZone } from "~/utils/request-time-zone.server";
import { seoMeta } from "~/utils/seo";
import { formatDateTime } from "~/utils/time-zone";
import { redirectWithToast } from "~/utils/toast.server";
import { listVoiceMessages } from "~/voice-messages/list.server";
import { MESSAGE_MAX, VOICE_LANGUAGES, VOICES } from "~/voice-messages/messages";
import {
  isVoice,
  isVoiceLanguage,
  sendVoiceMessage,
  sendVoiceSchema,
  spokenParts,
} from "~/voice-messages/messages.server";

const DEFAULT_LANGUAGE = { en: "en", id: "id", ph: "fil" } as const;
/** The form's field for each key of the API's schema, where they differ. */
const FORM_FIELDS = { senderName: "name", countryCode: "number", phone: "number" };

type Values = { country: string; number: string; name: string; message: string; language: string; voice: string };

export const handle: MessagesHandle = { messages: ["lookup.country", "voice", "requests.errors"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await guardPage({ request, context }, "subscriber");
  const locale = getLocale(request);
  const t = await getT(request);
  const zone = await requestTimeZone(request);
  return {
    ...pageSeo(request, { title: t("voice.title"), description: t("voice.description") }),
    translations: pageMessages(locale, handle),
    countries: lookupCountryOptions(locale),
    defaultRegion: DEFAULT_REGION[locale],
    defaultLanguage: DEFAULT_LANGUAGE[locale],
    defaultName: user.name ?? "",
    // The one message every three hours, said before it bites: Send waits until then, with the time.
    nextSend: await nextSendText(user.id, locale, zone),
    // Formatted here, in the visitor's time zone (cookie), so server and browser render the same text.
    history: (await listVoiceMessages(user.id)).map((m) => ({
      ...m,
      state: nameIn("voice.states", m.state),
      when: formatDateTime(m.createdAt, intlLocale[locale], zone, true),
    })),
  };
}

async function nextSendText(userId: string, locale: Locale, zone: string) {
  const at = await nextAllowedAt(accountSlotKey("voice", userId));
  return at ? formatDateTime(at, intlLocale[locale], zone, true) : null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await guardPage({ request, context }, "subscriber");
  const locale = getLocale(request);
  const form = await readFormData(request);
  const field = (name: string) => String(form.get(name) ?? "");
  const values: Values = {
    country: field("country"),
    number: field("number"),
    name: field("name"),
    message: field("message"),
    language: field("language"),
    voice: field("voice"),
  };
  const refuse = (reply: FormReply<string, Values>, status: number) => data(reply, { status });

  const parsed = parseForm(
    sendVoiceSchema,
    {
      senderName: values.name,
      countryCode: values.country,
      phone: values.number,
      message: values.message,
      language: isVoiceLanguage(values.language) ? values.language : DEFAULT_LANGUAGE[locale],
      voice: isVoice(values.voice) ? values.voice : "female",
    },
    { fields: FORM_FIELDS },
  );
  if (!parsed.ok) return refuse(replyOf(parsed, values), 400);

  if (field("intent") === "preview") {
    const preview = await spokenParts(parsed.data);
    // Not a refusal: the form comes back as it was, with what the call would say.
    return data({ ok: true as const, values, preview: [preview.intro, preview.text, preview.optOut] });
  }
  const sent = await sendVoiceMessage({ userId: user.id, ...parsed.data });
  if (sent.ok)
    return redirectWithToast(localizePath(paths.sendVoiceMessage, locale), { type: "success", key: "voice.sent" });
  if (sent.error === "optedOut") return refuse(refusal("voice.errors.optedOut", { values, field: "number" }), 409);
  if (sent.error === "limited") {
    const time = formatDateTime(sent.nextAllowedAt, intlLocale[locale], await requestTimeZone(request), true);
    return refuse(refusal("requests.errors.limited", { values, errorValues: { time } }), 429);
  }
  return refuse(refusal("voice.errors.sendFailed", { values }), 502);
}

export default function SendVoiceMessage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { key } = useLocation();
  const t = useT();
  const ids = { country: useId(), message: useId(), language: useId(), voice: useId() };
  const values: Partial<Values> = answer?.values ?? {};
  const { error } = useReplyErrors(answer?.ok === false ? answer : null);
  const formError = error("form");
  const busy = navigation.state === "submitting";
  return (
    <article className="text-page voice-page">
      {formError ? (
        <NotificationBanner type="error" focusKey={`${formError}${key}`}>
          <p className="notification-banner-heading">{formError}</p>
        </NotificationBanner>
      ) : null}
      <h1>{t("voice.heading")}</h1>
      <p className="lead">{t("voice.intro")}</p>
      <section className="panel" aria-labelledby="voice-form-title">
        <h2 id="voice-form-title">{t("voice.formTitle")}</h2>
        <Form method="post" className="voice-form" key={key}>
          <div className="phone-row">
            <Select
              id={ids.country}
              name="country"
              label={t("lookup.country")}
              defaultValue={values.country || loaded.defaultRegion}
            >
              {loaded.countries.map((c) => (
                <option key={c.region} value={c.region}>
                  {`${c.dial} ${c.name}`}
                </option>
              ))}
            </Select>
            <Field
              name="number"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              required
              maxLength={40}
              label={t("voice.number")}
              defaultValue={values.number}
              error={error("number")}
            />
          </div>
          <Field
            name="name"
            label={t("voice.name")}
            required
            maxLength={NAME_MAX}
            defaultValue={values.name ?? loaded.defaultName}
            error={error("name")}
          />
          <div className="field">
            <label htmlFor={ids.message}>{t("voice.message")}</label>
            <textarea
              id={ids.message}
              name="message"
              rows={4}
              required
              maxLength={MESSAGE_MAX}
              defaultValue={values.message}
              aria-invalid={error("message") ? true : undefined}
              aria-describedby={error("message") ? `${ids.message}-error` : undefined}
            />
            {error("message") ? (
              <p className="field-error" id={`${ids.message}-error`}>
                {error("message")}
              </p>
            ) : null}
          </div>
          <Select
            id={ids.language}
            name="language"
            label={t("voice.language")}
            defaultValue={values.language || loaded.defaultLanguage}
          >
            {VOICE_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(`voice.languages.${l}`)}
              </option>
            ))}
          </Select>
          <Select id={ids.voice} name="voice" label={t("voice.voice")} defaultValue={values.voice || "female"}>
            {VOICES.map((v) => (
              <option key={v} value={v}>
                {t(`voice.voices.${v}`)}
              </option>
            ))}
          </Select>
          {answer?.ok ? (
            <section className="voice-preview" aria-labelledby="voice-preview-title" data-testid="voice-preview">
              <h3 id="voice-preview-title">{t("voice.previewTitle")}</h3>
              {answer.preview.map((line, i) => (
                <p key={i}>{line}</p>
              ))}
            </section>
          ) : null}
          <div className="form-actions">
            <button type="submit" name="intent" value="preview" className="button" disabled={busy}>
              {t("voice.preview")}
            </button>
            <button
              type="submit"
              name="intent"
              value="send"
              className="button button-primary"
              disabled={busy || loaded.nextSend !== null}
              aria-describedby={loaded.nextSend ? "voice-next-send" : undefined}
            >
              {t("voice.send")}
            </button>
          </div>
          {loaded.nextSend ? (
            <p className="field-hint" id="voice-next-send" role="status" data-testid="voice-next-send">
              {t("requests.errors.limited", { time: loaded.nextSend })}
            </p>
          ) : null}
        </Form>
      </section>
      <History items={loaded.history} />
    </article>
  );
}

function Select({
  id,
  name,
  label,
  defaultValue,
  children,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={defaultValue}>
        {children}
      </select>
    </div>
  );
}

type HistoryItem = {
  id: string;
  to: string;
  text: string;
  state: KeyUnder<"voice.states">;
  createdAt: string;
  when: string;
};

function History({ items }: { items: HistoryItem[] }) {
  const t = useT();
  return (
    <section className="panel" aria-labelledby="voice-history-title">
      <h2 id="voice-history-title">{t("voice.historyTitle")}</h2>
      {items.length === 0 ? (
        <p>{t("voice.historyEmpty")}</p>
      ) : (
        <ul className="voice-history" data-testid="voice-history">
          {items.map((item) => (
            <li key={item.id}>
              <strong>{item.to}</strong> · <span data-state={item.state}>{t(`voice.states.${item.state}`)}</span> ·{" "}
              <time dateTime={item.createdAt}>{item.when}</time>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data);
