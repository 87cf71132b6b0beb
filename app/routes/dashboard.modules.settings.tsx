import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { guardPage } from "~/auth/guards.server";
import { FormError, SelectField, SubmitButton } from "~/components/form";
import { useReplyErrors } from "~/components/form-reply";
import { PushDevices } from "~/components/push-devices";
import { paths } from "~/http/paths";
import { getLocale, getT } from "~/i18n/i18next.server";
import { locales, localizePath } from "~/i18n/locales";
import type { MessagesHandle } from "~/i18n/messages";
import { pageMessages } from "~/i18n/resources.server";
import { useLocalePath, useT } from "~/i18n/use-t";
import {
  MAX_PUSH_DEVICES,
  pushDevices,
  pushSubscriptionSchema,
  removePushDevice,
  savePushDevice,
} from "~/notifications/push-devices.server";
import {
  notificationSettings,
  notificationSettingsSchema,
  saveNotificationSettings,
} from "~/notifications/settings.server";
import { vapidKeys } from "~/notifications/vapid.server";
import { installableMeta, useServiceWorker } from "~/pwa/installable";
import { readFormData } from "~/utils/form-data.server";
import { parseForm, refusal, replyOf } from "~/utils/parse-form";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * The account's settings: whether the owner is e-mailed when a request is answered or expires
 * (docs/decisions/043), and the language of those e-mails; and the devices that get the same events
 * as push notifications (docs/decisions/048). Plain forms: everything but turning a device on works
 * before JavaScript (that needs the browser's PushManager), and the outcome is the banner after the
 * redirect.
 */
export const handle: MessagesHandle = { messages: ["notifications.settings", "language", "webhooks.link"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await guardPage({ request, context }, "user");
  const t = await getT(request);
  const [settings, devices, keys] = await Promise.all([
    notificationSettings(user.id),
    pushDevices(user.id),
    vapidKeys(),
  ]);
  return {
    title: t("notifications.settings.title"),
    settings,
    push: { devices, publicKey: keys.publicKey, max: MAX_PUSH_DEVICES },
    translations: pageMessages(request, handle),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await guardPage({ request, context }, "user");
  const form = await readFormData(request);
  const here = localizePath(paths.settings, getLocale(request));
  const intent = form.get("intent");
  if (intent === "pushOn") {
    const parsed = parseForm(pushSubscriptionSchema, {
      endpoint: form.get("endpoint") ?? "",
      p256dh: form.get("p256dh") ?? "",
      auth: form.get("auth") ?? "",
    });
    // The browser made the subscription: whatever is wrong with it, the person reads one message.
    if (!parsed.ok) return data(refusal("notifications.settings.pushInvalid", { field: "push" }), { status: 400 });
    const saved = await savePushDevice(user.id, parsed.data, request.headers.get("User-Agent"));
    if (!saved.ok)
      return data(
        refusal("notifications.settings.pushTooMany", { field: "push", errorValues: { max: MAX_PUSH_DEVICES } }),
        { status: 409 },
      );
    return redirectWithToast(here, { type: "success", key: "notifications.settings.pushAdded" });
  }
  if (intent === "pushRemove") {
    const id = form.get("id");
    if (typeof id === "string" && id.length <= 64) await removePushDevice(user.id, id);
    return redirectWithToast(here, { type: "success", key: "notifications.settings.pushRemoved" });
  }
  const parsed = parseForm(notificationSettingsSchema, {
    notifyByEmail: form.get("notifyByEmail") ?? undefined,
    locale: form.get("locale") ?? "",
  });
  // The form shows what is stored (it is keyed by it): nothing to refill.
  if (!parsed.ok) return data(replyOf(parsed, {}), { status: 400 });
  await saveNotificationSettings(user.id, parsed.data);
  return redirectWithToast(here, {
    type: "success",
    key: parsed.data.notifyByEmail ? "notifications.settings.savedOn" : "notifications.settings.savedOff",
  });
}

export default function SettingsPage() {
  const { settings, push } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const t = useT();
  const lp = useLocalePath();
  useServiceWorker();
  const { error } = useReplyErrors(answer);
  return (
    <section className="panel settings-page" aria-labelledby="settings-title">
      <h1 id="settings-title">{t("notifications.settings.title")}</h1>
      {/* Keyed by what is stored, so that the form shows it again after a save. */}
      <Form method="post" className="settings-form" key={`${settings.notifyByEmail}:${settings.locale}`}>
        <FormError message={error("form") ?? error("notifyByEmail")} />
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
        <FormError message={error("locale")} />
        <div className="form-actions">
          <SubmitButton busy={navigation.state === "submitting" && !navigation.formData?.get("intent")}>
            {t("notifications.settings.save")}
          </SubmitButton>
        </div>
      </Form>
      <PushDevices devices={push.devices} publicKey={push.publicKey} error={error("push")} />
      <p>
        <Link to={lp(paths.webhooks)}>{t("webhooks.link")}</Link>
      </p>
      <p className="settings-back">
        <Link to={lp(paths.dashboard)}>{t("notifications.settings.back")}</Link>
      </p>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, location }) => [
  { title: data?.title },
  { name: "robots", content: "noindex" },
  ...installableMeta(location.pathname),
];
