import { Form, Link, useActionData, useNavigate, useRouteLoaderData } from "@remix-run/react";
import { useState, type FormEvent } from "react";

import { CountryField, Field, SubmitButton } from "~/components/form";
import { useReplyErrors } from "~/components/form-reply";
import { Modal } from "~/components/modal";
import { paths } from "~/http/paths";
import { isLocale, type Locale } from "~/i18n/locales";
import { createTranslate } from "~/i18n/translate";
import { useLocale, useLocalePath, useT } from "~/i18n/use-t";
import type { loader as rootLoader } from "~/root";
import { NAME_MAX, TITLE_MAX } from "~/utils/display-text";
import { useHydrated } from "~/utils/use-hydrated";

import { LanguageField, NameField, RequestForm, type Slot } from "./request-form";
import type { DashboardForm, NewSearchData, NewSearchModal, NewSearchReply, TemplateName } from "./types";

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
  const reply = useActionData<NewSearchReply>();
  const flash = useRouteLoaderData<typeof rootLoader>("root")?.flash?.form;
  const initial = (form: DashboardForm): { values: Values; reply?: NewSearchReply } => {
    if (reply?.form === form) return { values: reply.values, reply };
    if (flash?.form === form) return { values: flash.values };
    return { values: form === "sms" && data.prefill ? data.prefill : {} };
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

const slotOf = (data: NewSearchData, form: DashboardForm): Slot | null => {
  const time = data.nextAt[form];
  return time ? { time, usedBy: data.usedBy[form] } : null;
};

type FormProps = { values: Values; reply?: NewSearchReply; defaultName: string };

function SmsForm({
  data,
  values,
  reply,
  defaultName,
  messageModal,
}: FormProps & { data: NewSearchData; messageModal: boolean }) {
  const t = useT();
  const { error } = useReplyErrors(reply, { max: NAME_MAX });
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
            error={error("number")}
          />
        </div>
        <NameField form="sms" value={name} onChange={setName} error={error("name")} />
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

function EmailForm({ values, reply, defaultName, slot }: FormProps & { slot: Slot | null }) {
  const t = useT();
  const { error } = useReplyErrors(reply, { max: NAME_MAX });
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
        error={error("email")}
      />
      <NameField form="email" defaultValue={values.name ?? defaultName} error={error("name")} />
      <LanguageField defaultValue={values.language} />
    </RequestForm>
  );
}

function LinkForm({ values, reply, defaultName, slot }: FormProps & { slot: Slot | null }) {
  const t = useT();
  const { error } = useReplyErrors(reply, { max: NAME_MAX });
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
        error={error("title")}
      />
      <p className="field-hint">{t("dashboard.new.link.titleHint")}</p>
      <NameField form="link" defaultValue={values.name ?? defaultName} error={error("name")} />
      <LanguageField defaultValue={values.language} />
    </RequestForm>
  );
}
