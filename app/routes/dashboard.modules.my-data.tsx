import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { guardPage } from "~/auth/guards.server";
import { getLocale, getT } from "~/i18n/i18next.server";
import type { MessageKey } from "~/i18n/keys";
import { intlLocale } from "~/i18n/locales";
import { isMessageKey } from "~/i18n/message-keys.server";
import type { MessagesHandle } from "~/i18n/messages";
import { pageMessages } from "~/i18n/resources.server";
import { useLocalePath, useT } from "~/i18n/use-t";
import { paths } from "~/paths";
import { accountExport, type AccountExport } from "~/privacy/export.server";
import { requestTimeZone } from "~/utils/request-time-zone.server";
import { formatDateTime } from "~/utils/time-zone";

/**
 * My data: everything held about the account, the same document as the JSON download
 * (/account/export.json) and GET /api/v1/personnal/account/export, laid out to read.
 */
export const handle: MessagesHandle = { messages: ["account.data"] };

/** The document's sections, in the order shown. */
const SECTIONS = [
  "profile",
  "subscription",
  "payments",
  "checkouts",
  "requests",
  "voiceMessages",
  "review",
  "refundRequests",
  "contactMessages",
] as const satisfies readonly (keyof AccountExport)[];
type Section = (typeof SECTIONS)[number];

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await guardPage({ request, context }, "user");
  const t = await getT(request);
  const locale = getLocale(request);
  const zone = requestTimeZone(request, locale);
  const document = await accountExport(user.id);
  // Values as people read them (times in the reader's zone, yes/no), worked out here so that the
  // server's and the browser's rendering agree.
  const show = (value: unknown): string | null => {
    if (value === null || value === undefined || value === "") return null;
    if (typeof value === "boolean") return t(value ? "account.data.yes" : "account.data.no");
    if (typeof value === "string" && ISO_TIME.test(value)) return formatDateTime(value, intlLocale[locale], zone, true);
    return String(value);
  };
  // Coded values people read better in words: a request's channel, status and answer.
  const words: Record<string, (value: string) => string | null> = {
    channel: (v) => (isMessageKey(`dashboard.channel.${v}`) ? t(`dashboard.channel.${v}` as MessageKey) : null),
    status: (v) => (isMessageKey(`dashboard.status.${v}`) ? t(`dashboard.status.${v}` as MessageKey) : null),
    decision: (v) => (isMessageKey(`dashboard.status.${v}`) ? t(`dashboard.status.${v}` as MessageKey) : null),
  };
  const records = (section: Section, value: object | object[] | null) =>
    (value === null ? [] : Array.isArray(value) ? value : [value]).map((record) =>
      Object.entries(record).map(([name, field]) => ({
        name,
        value: (section === "requests" && typeof field === "string" && words[name]?.(field)) || show(field),
      })),
    );
  return {
    title: t("account.data.title"),
    exportedAt: show(document.exportedAt),
    sections: SECTIONS.map((name: Section) => ({ name, records: records(name, document[name]) })),
    translations: pageMessages(request, handle),
  };
}

export default function MyData() {
  const { sections, exportedAt } = useLoaderData<typeof loader>();
  const t = useT();
  const lp = useLocalePath();
  return (
    <section className="panel my-data" aria-labelledby="my-data-title">
      <h1 id="my-data-title">{t("account.data.title")}</h1>
      <p>{t("account.data.intro", { time: exportedAt ?? "" })}</p>
      <p className="subscription-actions">
        <a className="button button-primary" href={paths.myDataJson} download>
          {t("account.data.download")}
        </a>
        <Link to={lp(paths.mySubscription)}>{t("account.data.back")}</Link>
      </p>
      {sections.map((section) => (
        <section key={section.name} aria-labelledby={`data-${section.name}`} data-section={section.name}>
          <h2 id={`data-${section.name}`}>{t(`account.data.sections.${section.name}`)}</h2>
          {section.records.length === 0 ? (
            <p className="muted">{t("account.data.none")}</p>
          ) : (
            section.records.map((fields, index) => (
              <dl className="facts data-record" key={index}>
                {fields.map((field) => (
                  <div key={field.name}>
                    <dt>{t(`account.data.fields.${field.name}` as MessageKey)}</dt>
                    <dd>{field.value ?? "—"}</dd>
                  </div>
                ))}
              </dl>
            ))
          )}
        </section>
      ))}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "robots", content: "noindex" },
];
