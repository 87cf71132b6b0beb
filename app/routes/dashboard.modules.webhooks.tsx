import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { guardPage } from "~/auth/guards.server";
import { ErrorSummary, Field, SubmitButton } from "~/components/form";
import { useReplyErrors } from "~/components/form-reply";
import { paths } from "~/http/paths";
import { getLocale, getT } from "~/i18n/i18next.server";
import { intlLocale, localizePath } from "~/i18n/locales";
import type { MessagesHandle } from "~/i18n/messages";
import { pageMessages } from "~/i18n/resources.server";
import { useLocalePath, useT } from "~/i18n/use-t";
import { readFormData } from "~/utils/form-data.server";
import { parseForm, refusal, replyOf } from "~/utils/parse-form";
import { requestTimeZone } from "~/utils/request-time-zone.server";
import { DAY } from "~/utils/time";
import { formatDateTime } from "~/utils/time-zone";
import { redirectWithToast } from "~/utils/toast.server";
import { DELIVERY_LOG_DAYS, DISABLE_AFTER_MS } from "~/webhooks/delivery.server";
import {
  createEndpoint,
  DELIVERY_LOG_SIZE,
  enableEndpoint,
  listEndpoints,
  MAX_ENDPOINTS,
  recentDeliveries,
  removeEndpoint,
  rollSecret,
  webhookEndpointInput,
} from "~/webhooks/endpoints.server";

/**
 * The account's webhook endpoints (docs/webhooks.md): each address with its state, its signing
 * secret (behind a disclosure, for its owner only) and its actions; the form that adds one; the log
 * of the newest deliveries. Plain forms, one per action: everything works before JavaScript, and
 * every outcome is the banner after the redirect, or the error summary of a refused address.
 */
export const handle: MessagesHandle = {
  // errors.badRequest: a forged intent's refusal, which the page translates like any other.
  messages: ["webhooks", "errors.summaryTitle", "errors.badRequest", "notifications.settings.back"],
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await guardPage({ request, context }, "user");
  const t = await getT(request);
  const locale = getLocale(request);
  const zone = await requestTimeZone(request);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, intlLocale[locale], zone) : null);
  const [endpoints, deliveries] = await Promise.all([listEndpoints(user.id), recentDeliveries(user.id)]);
  const urls = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint.url]));
  return {
    title: t("webhooks.title"),
    max: MAX_ENDPOINTS,
    disableDays: DISABLE_AFTER_MS / DAY,
    log: { count: DELIVERY_LOG_SIZE, days: DELIVERY_LOG_DAYS },
    endpoints: endpoints.map((endpoint) => ({ ...endpoint, disabledOn: when(endpoint.disabledAt) })),
    deliveries: deliveries.map((delivery) => ({
      ...delivery,
      url: urls.get(delivery.endpointId) ?? "",
      lastAttemptOn: when(delivery.lastAttemptAt),
    })),
    translations: pageMessages(request, handle),
  };
}

const ENDPOINT_INTENTS = ["remove", "roll", "enable"] as const;
const TOASTS = {
  remove: "webhooks.toast.removed",
  roll: "webhooks.toast.rolled",
  enable: "webhooks.toast.enabled",
} as const;

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await guardPage({ request, context }, "user");
  const here = localizePath(paths.webhooks, getLocale(request));
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "add") {
    const url = typeof form.get("url") === "string" ? String(form.get("url")) : "";
    const values = { url: url.slice(0, 2048) };
    const parsed = parseForm(webhookEndpointInput, { url });
    if (!parsed.ok) return data(replyOf(parsed, values), { status: 400 });
    const created = await createEndpoint(user.id, parsed.data.url);
    if (!created.ok) {
      const key = `webhooks.errors.${created.error}` as const;
      return data(refusal(key, { values, field: "url", errorValues: { max: MAX_ENDPOINTS } }), { status: 400 });
    }
    return redirectWithToast(here, { type: "success", key: "webhooks.toast.added" });
  }
  const which = ENDPOINT_INTENTS.find((name) => name === intent);
  const id = form.get("id");
  if (!which || typeof id !== "string")
    return data(refusal("errors.badRequest", { values: { url: "" } }), { status: 400 });
  const done =
    which === "remove"
      ? await removeEndpoint(user.id, id)
      : which === "roll"
        ? (await rollSecret(user.id, id)) !== null
        : (await enableEndpoint(user.id, id)) !== null;
  return done
    ? redirectWithToast(here, { type: "success", key: TOASTS[which] })
    : redirectWithToast(here, { type: "error", key: "webhooks.toast.notFound" });
}

export default function WebhooksPage() {
  const { endpoints, deliveries, max, disableDays, log } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const t = useT();
  const lp = useLocalePath();
  const { error, problems: summary } = useReplyErrors(answer);
  const problems = summary({ url: "webhook-url" });
  return (
    <section className="panel webhooks-page" aria-labelledby="webhooks-title">
      <h1 id="webhooks-title">{t("webhooks.title")}</h1>
      <p>{t("webhooks.intro")}</p>
      <p className="field-hint">{t("webhooks.verifyHint")}</p>

      <h2>{t("webhooks.list.title")}</h2>
      {endpoints.length === 0 ? <p data-testid="no-endpoints">{t("webhooks.list.empty")}</p> : null}
      <ul className="webhook-endpoints">
        {endpoints.map((endpoint) => (
          <li key={endpoint.id} className="webhook-endpoint" data-testid="webhook-endpoint">
            <p className="webhook-url">
              <code>{endpoint.url}</code>{" "}
              <span className={endpoint.status === "enabled" ? "tag tag-ok" : "tag tag-danger"}>
                {t(`webhooks.list.${endpoint.status}`)}
              </span>
            </p>
            {endpoint.disabledOn ? (
              <p>{t("webhooks.list.disabledSince", { date: endpoint.disabledOn, days: disableDays })}</p>
            ) : null}
            {endpoint.consecutiveFailures > 0 ? (
              <p className="field-hint">{t("webhooks.list.failures", { count: endpoint.consecutiveFailures })}</p>
            ) : null}
            <details className="webhook-secret">
              <summary>{t("webhooks.list.secret")}</summary>
              <code data-testid="webhook-secret">{endpoint.secret}</code>
              <p className="field-hint">{t("webhooks.list.rollHint")}</p>
            </details>
            <div className="form-actions">
              {endpoint.status === "disabled" ? (
                <EndpointAction id={endpoint.id} intent="enable" label={t("webhooks.list.enable")} />
              ) : null}
              <EndpointAction id={endpoint.id} intent="roll" label={t("webhooks.list.roll")} />
              <EndpointAction id={endpoint.id} intent="remove" label={t("webhooks.list.remove")} />
            </div>
          </li>
        ))}
      </ul>

      {endpoints.length < max ? (
        <Form method="post" className="webhook-add" noValidate>
          <h2>{t("webhooks.add.legend")}</h2>
          <ErrorSummary problems={problems} />
          <input type="hidden" name="intent" value="add" />
          <Field
            id="webhook-url"
            name="url"
            type="url"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            required
            maxLength={2048}
            label={t("webhooks.add.url")}
            aria-describedby={error("url") ? "webhook-url-error webhook-url-hint" : "webhook-url-hint"}
            defaultValue={answer?.values.url ?? ""}
            error={error("url")}
          />
          <p className="field-hint" id="webhook-url-hint">
            {t("webhooks.add.urlHint", { max })}
          </p>
          <div className="form-actions">
            <SubmitButton busy={navigation.state === "submitting" && navigation.formData?.get("intent") === "add"}>
              {t("webhooks.add.submit")}
            </SubmitButton>
          </div>
        </Form>
      ) : null}

      <h2>{t("webhooks.log.title")}</h2>
      <p className="field-hint">{t("webhooks.log.retention", log)}</p>
      {deliveries.length === 0 ? (
        <p data-testid="no-deliveries">{t("webhooks.log.empty")}</p>
      ) : (
        <div className="table-scroll">
          <table className="table" data-testid="webhook-log">
            <thead>
              <tr>
                <th scope="col">{t("webhooks.log.event")}</th>
                <th scope="col">{t("webhooks.log.result")}</th>
                <th scope="col">{t("webhooks.log.attempts")}</th>
                <th scope="col">{t("webhooks.log.when")}</th>
                <th scope="col">{t("webhooks.log.endpoint")}</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((delivery) => (
                <tr key={delivery.id} data-testid="webhook-delivery">
                  <td>
                    <code>
                      {delivery.type.split(".")[0]}.<wbr />
                      {delivery.type.split(".").slice(1).join(".")}
                    </code>
                    <br />
                    <small>{delivery.eventId}</small>
                  </td>
                  <td>
                    <span className={`tag ${RESULT_TAG[delivery.status]}`}>{t(`webhooks.log.${delivery.status}`)}</span>
                    {delivery.lastStatusCode || delivery.lastError ? (
                      <small className="webhook-answer">{delivery.lastStatusCode ?? delivery.lastError}</small>
                    ) : null}
                  </td>
                  <td>{delivery.attempts}</td>
                  <td>{delivery.lastAttemptOn ?? t("webhooks.log.never")}</td>
                  <td className="webhook-log-url">{delivery.url}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>
        <Link to={lp(paths.dashboard)}>{t("notifications.settings.back")}</Link>
      </p>
    </section>
  );
}

const RESULT_TAG = { delivered: "tag-ok", pending: "tag-warn", failed: "tag-danger" } as const;

/** One button, its own form: the endpoint's id and what to do with it. */
function EndpointAction({ id, intent, label }: { id: string; intent: string; label: string }) {
  return (
    <Form method="post" className="inline-form">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="button">
        {label}
      </button>
    </Form>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "robots", content: "noindex" },
];
