import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { guardPage } from "~/auth/guards.server";
import { FormError, SelectField, SubmitButton } from "~/components/form";
import { paths } from "~/http/paths";
import { getLocale, getT } from "~/i18n/i18next.server";
import { locales, localizePath } from "~/i18n/locales";
import type { MessagesHandle } from "~/i18n/messages";
import { pageMessages } from "~/i18n/resources.server";
import { useLocalePath, useT } from "~/i18n/use-t";
import {
  notificationSettings,
  notificationSettingsSchema,
  saveNotificationSettings,
} from "~/notifications/settings.server";
import { readFormData } from "~/utils/form-data.server";
import { parseForm } from "~/utils/parse-form";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * The account's settings: whether the owner is e-mailed when a request is answered or expires
 * (docs/decisions/043), and the language of those e-mails. A plain form: it works before JavaScript,
 * and the outcome is the banner after the redirect.
 */
export const handle: MessagesHandle = { messages: ["notifications.settings", "language", "webhooks.link"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await guardPage({ request, context }, "user");
  const t = await getT(request);
  return {
    title: t("notifications.settings.title"),
    settings: await notificationSettings(user.id),
    translations: pageMessages(request, handle),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await guardPage({ request, context }, "user");
  const t = await getT(request);
  const form = await readFormData(request);
  const parsed = parseForm(
    notificationSettingsSchema,
    { notifyByEmail: form.get("notifyByEmail") ?? undefined, locale: form.get("locale") ?? "" },
    { t },
  );
  if (!parsed.ok) return data({ errors: parsed.errors }, { status: 400 });
  await saveNotificationSettings(user.id, parsed.data);
  return redirectWithToast(localizePath(paths.settings, getLocale(request)), {
    type: "success",
    key: parsed.data.notifyByEmail ? "notifications.settings.savedOn" : "notifications.settings.savedOff",
  });
}

export default function SettingsPage() {
  const { settings } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const t = useT();
  const lp = useLocalePath();
  const errors: Record<string, string | undefined> = answer?.errors ?? {};
  return (
    <section className="panel settings-page" aria-labelledby="settings-title">
      <h1 id="settings-title">{t("notifications.settings.title")}</h1>
      {/* Keyed by what is stored, so that the form shows it again after a save. */}
      <Form method="post" className="settings-form" key={`${settings.notifyByEmail}:${settings.locale}`}>
        <FormError message={errors.form ?? errors.notifyByEmail} />
        <fieldset>
          <legend>{t("notifications.settings.emailLegend")}</legend>
          <div className="field-check">
            <label>
              <input
                type="checkbox"
                name="notifyByEmail"
                value="on"
                defaultChecked={settings.notifyByEmail}
                aria-describedby="notify-hint"
              />
              <span>{t("notifications.settings.notifyByEmail")}</span>
            </label>
            <p className="field-hint" id="notify-hint">
              {t("notifications.settings.notifyHint")}
            </p>
          </div>
        </fieldset>
        <SelectField name="locale" label={t("notifications.settings.locale")} defaultValue={settings.locale}>
          {locales.map((locale) => (
            <option key={locale} value={locale}>
              {t(`language.${locale}`)}
            </option>
          ))}
        </SelectField>
        <FormError message={errors.locale} />
        <div className="form-actions">
          <SubmitButton busy={navigation.state === "submitting"}>{t("notifications.settings.save")}</SubmitButton>
          <Link to={lp(paths.dashboard)}>{t("notifications.settings.back")}</Link>
        </div>
      </Form>
      <p>
        <Link to={lp(paths.webhooks)}>{t("webhooks.link")}</Link>
      </p>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "robots", content: "noindex" },
];
