import { Form, Link, useActionData, useNavigate, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { useState, type FormEvent, type ReactNode } from "react";

import { CountryField, ErrorSummary, Field, SelectField, SubmitButton } from "~/components/form";
import { Modal } from "~/components/modal";
import { paths } from "~/http/paths";
import type { FieldMessages, MessageKey } from "~/i18n/keys";
import { isLocale, locales, type Locale } from "~/i18n/locales";
import { createTranslate } from "~/i18n/translate";
import { useLocale, useLocalePath, useT } from "~/i18n/use-t";
import type { loader as rootLoader } from "~/root";
import { NAME_MAX, TITLE_MAX } from "~/utils/display-text";
import { useHydrated } from "~/utils/use-hydrated";

import type { DashboardForm, FormReply, NewSearchData, NewSearchModal, SlotReason, TemplateName } from "./types";

type Values = Record<string, string>;

/** Whether a value (the form's, a radio button's) names one of the templates. */
const isTemplate = (templates: Record<TemplateName, string>, value: unknown): value is TemplateName =>
  typeof value === "string" && Object.keys(templates).includes(value);

/**
 * New Search: an SMS, an e-mail or a link, each a plain form posting to the dashboard's action. The
 * values shown come from the action's 400 answer, else from the flash (the choose-message round trip
 * without JavaScript), else the number searched on the home page (SMS form), else the defaults.
 */
export function NewSearch(props: {
  data: NewSearchData;
  modal: NewSearchModal | null;
  canSend: boolean;
  defaultName: string;
}) {
  const { data, modal, canSend, defaultName } = props;
  const t = useT();
  const lp = useLocalePath();
  const reply = useActionData<FormReply>();
  const flash = useRouteLoaderData<typeof rootLoader>("root")?.flash?.form;
  const initial = (form: DashboardForm): { values: Values; errors: FieldMessages; reply?: FormReply } => {
    if (reply?.form === form) return { values: reply.values, errors: reply.errors, reply };
    if (flash?.form === form) return { values: flash.values, errors: {} };
    return { values: form === "sms" && data.prefill ? data.prefill : {}, errors: {} };
  };
  return (
    <section className="new-search" aria-labelledby="new-search-heading">
      <h2 id="new-search-heading">{t("dashboard.tabs.new")}</h2>
      <p>{t("dashboard.new.intro")}</p>
      <p className="muted">{t("dashboard.new.limits")}</p>
      <p>
        <Link
          className="button button-small"
          to={lp(`${paths.newSearch}&modal=tips`)}
          preventScrollReset
          data-testid="tips-link"
        >
          {t("dashboard.tips.open")}
        </Link>
      </p>
      {canSend ? (
        <div className="new-search-forms">
          <SmsForm data={data} {...initial("sms")} defaultName={defaultName} messageModal={modal === "message"} />
          <EmailForm {...initial("email")} defaultName={defaultName} slot={slotOf(data, "email")} />
          <LinkForm {...initial("link")} defaultName={defaultName} slot={slotOf(data, "link")} />
        </div>
      ) : (
        // An expired subscription reads its history but sends nothing: the way back is renewing.
        <div className="panel" data-testid="sending-off">
          <p>{t("dashboard.expired.sendingOff")}</p>
          <Link className="button button-primary" to={lp(paths.renew)}>
            {t("expiredModal.renew")}
          </Link>
        </div>
      )}
      {modal === "tips" ? <TipsModal /> : null}
    </section>
  );
}

/**
 * Tips for getting an answer (`?tab=new&modal=tips`, spec section 2): a page state like the other
 * dialogs, so it opens and closes without JavaScript.
 */
function TipsModal() {
  const t = useT();
  const lp = useLocalePath();
  return (
    <Modal id="tips-modal" title={t("dashboard.tips.title")} closeTo={lp(paths.newSearch)}>
      <p className="modal-help">{t("dashboard.tips.intro")}</p>
      <ol className="tips-list">
        {TIPS.map((tip) => (
          <li key={tip} data-tip={tip}>
            <strong>{t(`dashboard.tips.items.${tip}.title`)}</strong> {t(`dashboard.tips.items.${tip}.text`)}
          </li>
        ))}
      </ol>
      <Link className="button button-primary" to={lp(paths.newSearch)} preventScrollReset replace>
        {t("dashboard.tips.done")}
      </Link>
    </Modal>
  );
}

const TIPS = ["tellFirst", "language", "whatTheySee", "choices", "approximate"] as const;

/** A channel's three-hour slot while it is taken: when it opens again and which request took it. */
type Slot = { time: string; usedBy: SlotReason | null };

const slotOf = (data: NewSearchData, form: DashboardForm): Slot | null => {
  const time = data.nextAt[form];
  return time ? { time, usedBy: data.usedBy[form] } : null;
};

type FormProps = { values: Values; errors: FieldMessages; reply?: FormReply; defaultName: string };

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function SmsForm({
  data,
  values,
  errors,
  reply,
  defaultName,
  messageModal,
}: FormProps & { data: NewSearchData; messageModal: boolean }) {
  const t = useT();
  const lp = useLocalePath();
  const locale = useLocale();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  // Name, language and template are state: the choose-message dialog shows the message with them.
  const [name, setName] = useState(values.name ?? defaultName);
  const [language, setLanguage] = useState<Locale>(isLocale(values.language) ? values.language : locale);
  const [template, setTemplate] = useState(
    isTemplate(data.templates[language], values.template) ? values.template : "family",
  );

  function openMessages(event: FormEvent) {
    // With JavaScript the dialog opens over the form, which keeps what was typed.
    event.preventDefault();
    navigate(lp(`${paths.newSearch}&modal=message`), { preventScrollReset: true });
  }

  return (
    <>
      <RequestForm
        intent="sms"
        title={t("dashboard.new.sms.title")}
        submit={t("dashboard.new.sms.submit")}
        reply={reply}
        slot={slotOf(data, "sms")}
        // Enter in a field submits with the first submit button: this one sends, not "Choose message".
        before={<button type="submit" className="implicit-submit" tabIndex={-1} aria-hidden="true" />}
      >
        <div className="phone-row">
          <CountryField
            name="countryCode"
            label={t("dashboard.new.sms.countryCode")}
            countries={data.countries}
            defaultValue={values.countryCode ?? data.defaultRegion}
          />
          <Field
            id="sms-number"
            name="number"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            label={t("dashboard.new.sms.number")}
            defaultValue={values.number}
            error={errors.number && t(errors.number)}
          />
        </div>
        <NameField form="sms" value={name} onChange={setName} error={errors.name} />
        <LanguageField value={language} onChange={setLanguage} />
        <input type="hidden" name="template" value={template} />
        <div className="message-choice">
          <p>
            {t("dashboard.new.sms.message")}:{" "}
            <strong data-testid="chosen-template">{t(`requests.templateNames.${template}`)}</strong>
          </p>
          <button
            type="submit"
            name="choose"
            value="message"
            className="button button-small"
            onClick={hydrated ? openMessages : undefined}
          >
            {t("dashboard.new.sms.chooseMessage")}
          </button>
        </div>
      </RequestForm>
      {messageModal ? (
        <MessageModal
          templates={data.templates[language]}
          sampleLink={data.sampleLinks[language]}
          language={language}
          name={name}
          current={template}
          carry={{ countryCode: values.countryCode ?? data.defaultRegion, number: values.number ?? "", name, language }}
          onPick={(picked) => {
            setTemplate(picked);
            navigate(lp(paths.newSearch), { replace: true, preventScrollReset: true });
          }}
        />
      ) : null}
    </>
  );
}

/**
 * The choose-message dialog (`?tab=new&modal=message`): the three templates in the recipient's
 * language with the requester's name and a sample link. Without JavaScript it is a page state whose
 * form carries the SMS form's values there and back; with JavaScript picking one just sets the field.
 */
function MessageModal(props: {
  templates: Record<TemplateName, string>;
  sampleLink: string;
  language: Locale;
  name: string;
  current: TemplateName;
  carry: Values;
  onPick: (template: TemplateName) => void;
}) {
  const { templates, sampleLink, language, name, current, carry, onPick } = props;
  const t = useT();
  const lp = useLocalePath();
  const hydrated = useHydrated();
  const render = createTranslate<`templates.${string}`>({ templates }, language);
  function pick(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const picked = new FormData(event.currentTarget).get("template");
    onPick(isTemplate(templates, picked) ? picked : current);
  }
  return (
    <Modal id="message-modal" title={t("dashboard.messageModal.title")} closeTo={lp(paths.newSearch)}>
      <p className="modal-help">{t("dashboard.messageModal.intro", { language: t(`language.${language}`) })}</p>
      <Form method="post" onSubmit={hydrated ? pick : undefined}>
        <input type="hidden" name="intent" value="pickTemplate" />
        {Object.entries(carry).map(([field, value]) => (
          <input key={field} type="hidden" name={field} value={value} />
        ))}
        <fieldset className="template-options">
          <legend className="sr-only">{t("dashboard.messageModal.title")}</legend>
          {Object.keys(templates)
            .filter((key) => isTemplate(templates, key))
            .map((key) => (
              <label key={key} className="template-option" data-testid="template-option">
                <input type="radio" name="template" value={key} defaultChecked={key === current} />
                <span>
                  <strong>{t(`requests.templateNames.${key}`)}</strong>
                  <span className="template-text">
                    {render(`templates.${key}`, { name: name || "…", link: sampleLink })}
                  </span>
                </span>
              </label>
            ))}
        </fieldset>
        <SubmitButton busy={false}>{t("dashboard.messageModal.use")}</SubmitButton>
      </Form>
    </Modal>
  );
}

function EmailForm({ values, errors, reply, defaultName, slot }: FormProps & { slot: Slot | null }) {
  const t = useT();
  return (
    <RequestForm
      intent="email"
      title={t("dashboard.new.email.title")}
      submit={t("dashboard.new.email.submit")}
      reply={reply}
      slot={slot}
    >
      <Field
        id="email-email"
        name="email"
        type="email"
        autoComplete="off"
        label={t("dashboard.new.email.address")}
        defaultValue={values.email}
        error={errors.email && t(errors.email)}
      />
      <NameField form="email" defaultValue={values.name ?? defaultName} error={errors.name} />
      <LanguageField defaultValue={values.language} />
    </RequestForm>
  );
}

function LinkForm({ values, errors, reply, defaultName, slot }: FormProps & { slot: Slot | null }) {
  const t = useT();
  return (
    <RequestForm
      intent="link"
      title={t("dashboard.new.link.title")}
      submit={t("dashboard.new.link.submit")}
      reply={reply}
      slot={slot}
    >
      <Field
        id="link-title"
        name="title"
        label={t("dashboard.new.link.titleField")}
        maxLength={TITLE_MAX}
        defaultValue={values.title}
        error={errors.title && t(errors.title)}
      />
      <p className="field-hint">{t("dashboard.new.link.titleHint")}</p>
      <NameField form="link" defaultValue={values.name ?? defaultName} error={errors.name} />
      <LanguageField defaultValue={values.language} />
    </RequestForm>
  );
}

/**
 * A New Search form: posts its `intent` to the dashboard's action. SMS, the first, has the screen's
 * one primary button; e-mail and link have secondary ones. What went wrong is summarised at
 * its top (each field's problem a link to the field); while the channel's three hours run, it says
 * when the next one may be sent and its button waits.
 */
function RequestForm(props: {
  intent: DashboardForm;
  title: string;
  submit: string;
  reply?: FormReply;
  slot: Slot | null;
  before?: ReactNode;
  children: ReactNode;
}) {
  const { intent, title, submit, reply, slot, before, children } = props;
  const t = useT();
  const busy = useBusy(intent);
  // A refusal of the whole post is the page's banner (app/routes/dashboard.tsx); the fields' are here.
  const problems = Object.entries(reply?.errors ?? {})
    .filter(([field]) => field !== "form")
    .map(([field, key]) => ({
      text: t(key, { max: field === "title" ? TITLE_MAX : NAME_MAX }),
      field: `${intent}-${field}`,
    }));
  return (
    <Form
      method="post"
      className="panel new-search-form"
      aria-labelledby={`${intent}-heading`}
      noValidate
      data-testid={`${intent}-form`}
    >
      {before}
      <input type="hidden" name="intent" value={intent} />
      <h3 id={`${intent}-heading`}>{title}</h3>
      <ErrorSummary problems={problems} />
      {children}
      {slot && !reply?.errors.form ? (
        <div className="notice notice-warn" data-testid="slot">
          <p data-testid="next-at">{t("dashboard.new.nextAt", { time: slot.time })}</p>
          {slot.usedBy ? (
            <p data-testid="slot-reason">
              {t(`dashboard.new.slot.${intent}`, { to: slot.usedBy.to, at: slot.usedBy.at })}
              {slot.usedBy.notAccepted ? <> {t("dashboard.new.slot.notAccepted")}</> : null}
            </p>
          ) : null}
        </div>
      ) : null}
      <SubmitButton busy={busy} waiting={slot !== null} secondary={intent !== "sms"}>
        {submit}
      </SubmitButton>
    </Form>
  );
}

/** The name the recipient sees; controlled when the caller passes `value`. */
function NameField(props: {
  form: DashboardForm;
  value?: string;
  onChange?: (value: string) => void;
  defaultValue?: string;
  error?: MessageKey;
}) {
  const t = useT();
  const { form, value, onChange, defaultValue, error } = props;
  return (
    <Field
      id={`${form}-name`}
      name="name"
      label={t("dashboard.new.name")}
      autoComplete="name"
      maxLength={NAME_MAX}
      {...(onChange ? { value, onChange: (event) => onChange(event.target.value) } : { defaultValue })}
      error={error && t(error, { max: NAME_MAX })}
    />
  );
}

/** The recipient's language: the message and the page behind the link use it. */
function LanguageField(props: { value?: Locale; onChange?: (value: Locale) => void; defaultValue?: string }) {
  const t = useT();
  const locale = useLocale();
  const { value, onChange, defaultValue } = props;
  return (
    <SelectField
      name="language"
      label={t("dashboard.new.language")}
      {...(onChange
        ? { value, onChange: (event) => isLocale(event.target.value) && onChange(event.target.value) }
        : { defaultValue: isLocale(defaultValue) ? defaultValue : locale })}
    >
      {locales.map((l) => (
        <option key={l} value={l}>
          {t(`language.${l}`)}
        </option>
      ))}
    </SelectField>
  );
}
