import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { guardPage } from "~/auth/guards.server";
import { paths } from "~/http/paths";
import { getLocale, getT } from "~/i18n/i18next.server";
import type { MessageKey } from "~/i18n/keys";
import type { MessagesHandle } from "~/i18n/messages";
import { pageMessages } from "~/i18n/resources.server";
import { useLocalePath, useT } from "~/i18n/use-t";
import { accountExport } from "~/privacy/export.server";
import { DATA_SECTIONS, showField, showSection } from "~/privacy/my-data-words.server";
import { requestTimeZone } from "~/utils/request-time-zone.server";

/**
 * My data: everything held about the account, the same document as the JSON download
 * (/account/export.json) and GET /api/v1/personnal/account/export, laid out to read.
 */
export const handle: MessagesHandle = { messages: ["account.data"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await guardPage({ request, context }, "user");
  const t = await getT(request);
  const locale = getLocale(request);
  // Values as people read them (words for stored codes, money, times in the reader's zone), worked
  // out here so that the server's and the browser's rendering agree.
  const reader = { t, locale, timeZone: await requestTimeZone(request, locale) };
  const document = await accountExport(user.id);
  return {
    title: t("account.data.title"),
    exportedAt: showField("profile", "exportedAt", document.exportedAt, {}, reader),
    unverifiedEmail: document.profile.emailVerifiedAt ? null : document.profile.email,
    sections: DATA_SECTIONS.map((name) => ({ name, records: showSection(name, document[name], reader) })),
    translations: pageMessages(request, handle),
  };
}

export default function MyData() {
  const { sections, exportedAt, unverifiedEmail } = useLoaderData<typeof loader>();
  const t = useT();
  const lp = useLocalePath();
  return (
    <section className="panel my-data" aria-labelledby="my-data-title">
      <h1 id="my-data-title">{t("account.data.title")}</h1>
      <p>{t("account.data.intro", { time: exportedAt ?? "" })}</p>
      {/* Until the address is proven, rows others may have made with it are not the account's (docs/decisions/038). */}
      {unverifiedEmail && (
        <p className="notice" role="note">
          {t("account.data.unverified", { email: unverifiedEmail })}
        </p>
      )}
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
