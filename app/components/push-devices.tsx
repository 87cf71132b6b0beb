// The Settings page's Web Push part (docs/decisions/048): "Notify this device" (the browser's
// PushManager, so it needs JavaScript: without it the page says so, and that e-mails work without
// it), and the account's devices, each removable by a plain form.
import { Form, useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";

import { FormError } from "~/components/form";
import { useReplyErrors } from "~/components/form-reply";
import { useLocale, useT } from "~/i18n/use-t";
import { registerServiceWorker } from "~/pwa/register";
import { formatDay } from "~/utils/money";
import type { FormReply } from "~/utils/parse-form";

export type PushDevice = { id: string; device: string; createdAt: string | Date; endpointHash: string };

/** What this browser can do: `nojs` until React runs (the server's render, and pages without JavaScript). */
type State = "nojs" | "unsupported" | "denied" | "ready" | "busy" | "failed";

const bytes = (base64url: string) => {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
};

/** The same digest as the server's endpointHash: the page marks this device without the endpoint being sent. */
async function endpointHash(endpoint: string) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(endpoint)));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .slice(0, 22);
}

async function currentSubscription() {
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

export function PushDevices({
  devices,
  publicKey,
  error,
}: {
  devices: PushDevice[];
  publicKey: string;
  error?: string;
}) {
  const t = useT();
  const locale = useLocale();
  const fetcher = useFetcher<FormReply>();
  const fetched = useReplyErrors(fetcher.data).error("push");
  const [state, setState] = useState<State>("nojs");
  const [thisDevice, setThisDevice] = useState<string | null>(null);

  useEffect(() => {
    if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
      setState("unsupported");
      return;
    }
    setState(Notification.permission === "denied" ? "denied" : "ready");
    let live = true;
    void registerServiceWorker();
    currentSubscription()
      .then((subscription) => (subscription ? endpointHash(subscription.endpoint) : null))
      .then((hash) => live && setThisDevice(hash))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [devices]);

  async function turnOn() {
    setState("busy");
    try {
      if ((await Notification.requestPermission()) !== "granted") {
        setState("denied");
        return;
      }
      await registerServiceWorker();
      const registration = await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes(publicKey) }));
      const json = subscription.toJSON();
      fetcher.submit(
        {
          intent: "pushOn",
          endpoint: json.endpoint ?? "",
          p256dh: json.keys?.p256dh ?? "",
          auth: json.keys?.auth ?? "",
        },
        { method: "post" },
      );
      setState("ready");
    } catch {
      setState("failed");
    }
  }

  const on = thisDevice !== null && devices.some((device) => device.endpointHash === thisDevice);
  const message = {
    nojs: t("notifications.settings.pushNeedsJs"),
    unsupported: t("notifications.settings.pushUnsupported"),
    denied: t("notifications.settings.pushDenied"),
    failed: t("notifications.settings.pushFailed"),
  } as Partial<Record<State, string>>;
  return (
    <section className="settings-push" aria-labelledby="push-title">
      <h2 id="push-title">{t("notifications.settings.pushLegend")}</h2>
      <p>{t("notifications.settings.pushIntro")}</p>
      <FormError message={fetched ?? error} />
      {message[state] ? (
        <p className="notice" role={state === "nojs" ? undefined : "status"} data-push-state={state}>
          {message[state]}
        </p>
      ) : null}
      {on ? (
        <p className="notice notice-ok" role="status" data-push-state="on">
          {t("notifications.settings.pushThisOn")}
        </p>
      ) : state === "ready" || state === "busy" ? (
        <button
          type="button"
          className="button button-primary"
          onClick={() => void turnOn()}
          aria-disabled={state === "busy" || fetcher.state !== "idle" || undefined}
          data-busy={state === "busy" || fetcher.state !== "idle" || undefined}
        >
          {t("notifications.settings.pushOn")}
        </button>
      ) : null}
      <h3>{t("notifications.settings.devicesLegend")}</h3>
      {devices.length === 0 ? (
        <p>{t("notifications.settings.devicesNone")}</p>
      ) : (
        <ul className="device-list">
          {devices.map((device) => {
            const name = device.device || t("notifications.settings.deviceUnknown");
            const mine = device.endpointHash === thisDevice;
            return (
              <li key={device.id}>
                <span className="device-name">
                  {mine ? `${name} (${t("notifications.settings.deviceThis")})` : name}
                  <span className="field-hint">
                    {t("notifications.settings.deviceAdded", { date: formatDay(device.createdAt, locale) })}
                  </span>
                </span>
                <Form
                  method="post"
                  // Removing this browser's own device also ends its subscription at the push service.
                  onSubmit={() => {
                    if (mine) void currentSubscription().then((subscription) => subscription?.unsubscribe());
                  }}
                >
                  <input type="hidden" name="intent" value="pushRemove" />
                  <input type="hidden" name="id" value={device.id} />
                  <button
                    type="submit"
                    className="button button-small"
                    aria-label={t("notifications.settings.deviceRemoveLabel", { device: name })}
                  >
                    {t("notifications.settings.deviceRemove")}
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
