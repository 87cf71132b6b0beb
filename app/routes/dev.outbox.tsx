import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { guardPage } from "~/auth/guards.server";
import { DemoNotice } from "~/components/demo-notice";
import { db } from "~/db/db.server";
import { getLocale } from "~/i18n/i18next.server";
import { intlLocale } from "~/i18n/locales";
import type { MessagesHandle } from "~/i18n/messages";
import { pageMessages } from "~/i18n/resources.server";
import { useT } from "~/i18n/use-t";
import { internationalNumber } from "~/phone/format.server";
import { config } from "~/server/config.server";
import { isLoopbackRequest } from "~/utils/client-ip.server";
import { pageNotFound } from "~/utils/not-found.server";
import { requestTimeZone } from "~/utils/request-time-zone.server";
import { formatDateTime } from "~/utils/time-zone";

export const OUTBOX_PAGE_SIZE = 50;

/**
 * What the embedded providers "sent": every e-mail, SMS and call, newest first, 50 a page. Exists in
 * development and `npm start` (demo); `npm run serve` (APP_MODE=live) has none. It shows reset
 * codes and the links that set a new account's password, so only loopback clients see it (OUTBOX_PUBLIC=1: anyone).
 * Pages are keyset pages (`?before=<id>` older than that message, `?after=<id>` newer), plain links
 * that work without JavaScript and never skip or repeat a message while new ones arrive.
 */
export const handle: MessagesHandle = { messages: ["outbox"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardPage({ request, context }, "anyone");
  if (!config().outboxPage || (!config().outboxPublic && !isLoopbackRequest(request)))
    throw await pageNotFound(request);
  const url = new URL(request.url);
  const to = url.searchParams.get("to")?.trim().toLowerCase() || undefined;
  const before = url.searchParams.get("before") || undefined;
  const after = before ? undefined : url.searchParams.get("after") || undefined;
  const cursorId = before ?? after;
  const cursor = cursorId
    ? await db().outboxMessage.findUnique({ where: { id: cursorId }, select: { id: true, createdAt: true } })
    : null;
  const base = to ? { to } : {};
  const take = OUTBOX_PAGE_SIZE + 1;
  let rows;
  if (cursor && after) {
    // Newer than the cursor: read upwards, then show newest first like every other page.
    rows = await db().outboxMessage.findMany({
      where: {
        ...base,
        OR: [{ createdAt: { gt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { gt: cursor.id } }],
      },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take,
    });
    const hasNewer = rows.length > OUTBOX_PAGE_SIZE;
    rows = rows.slice(0, OUTBOX_PAGE_SIZE).reverse();
    return {
      ...page(to, rows, { hasNewer, hasOlder: true }, await shown(request)),
      translations: pageMessages(request, handle),
    };
  }
  rows = await db().outboxMessage.findMany({
    where: cursor
      ? {
          ...base,
          OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }],
        }
      : base,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
  });
  const hasOlder = rows.length > OUTBOX_PAGE_SIZE;
  return {
    ...page(to, rows.slice(0, OUTBOX_PAGE_SIZE), { hasNewer: Boolean(cursor), hasOlder }, await shown(request)),
    translations: pageMessages(request, handle),
  };
}

/** A recipient and a time as a person reads them: numbers grouped, the time in the viewer's zone. */
async function shown(request: Request) {
  const language = intlLocale[getLocale(request)];
  const zone = await requestTimeZone(request);
  return {
    to: (to: string) => (to.startsWith("+") ? internationalNumber(to) : to),
    // Named: the page is not re-rendered in the browser's zone, and a tester compares it with a phone.
    at: (at: Date) => formatDateTime(at.toISOString(), language, zone, true),
  };
}

function page(
  to: string | undefined,
  rows: { id: string; createdAt: Date; channel: string; to: string; subject: string | null; text: string }[],
  more: { hasNewer: boolean; hasOlder: boolean },
  show: Awaited<ReturnType<typeof shown>>,
) {
  const link = (key: "before" | "after", id: string) => `?${new URLSearchParams({ ...(to ? { to } : {}), [key]: id })}`;
  const first = rows[0];
  const last = rows.at(-1);
  return {
    demo: config().demo,
    to: to ?? "",
    messages: rows.map((m) => ({
      id: m.id,
      channel: m.channel,
      to: m.to,
      subject: m.subject,
      text: m.text,
      createdAt: m.createdAt.toISOString(),
      shownTo: show.to(m.to),
      shownAt: show.at(m.createdAt),
    })),
    newer: more.hasNewer && first ? link("after", first.id) : null,
    older: more.hasOlder && last ? link("before", last.id) : null,
  };
}

export default function Outbox() {
  const { messages, to, newer, older, demo } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className="outbox">
      <DemoNotice demo={demo} />
      <h1>{t("outbox.title")}</h1>
      <p>{t("outbox.intro")}</p>
      <form method="get" className="outbox-filter">
        <div className="field">
          <label htmlFor="outbox-to">{t("outbox.filter")}</label>
          <div className="field-control">
            <input id="outbox-to" name="to" type="search" defaultValue={to} />
            <button type="submit" className="button">
              {t("outbox.search")}
            </button>
          </div>
        </div>
      </form>
      {messages.length === 0 ? <p>{t("outbox.empty")}</p> : null}
      <ol className="outbox-list">
        {messages.map((m) => (
          <li key={m.id} data-testid="outbox-message" data-to={m.to} data-channel={m.channel}>
            <p className="outbox-meta">
              {m.channel} · {m.shownTo} · <time dateTime={m.createdAt}>{m.shownAt}</time>
            </p>
            {m.subject ? <h2>{m.subject}</h2> : null}
            <pre>{m.text}</pre>
          </li>
        ))}
      </ol>
      {newer || older ? (
        <nav className="outbox-pages" aria-label={t("outbox.paging")}>
          {newer ? (
            <Link to={newer} rel="prev">
              {t("outbox.newer")}
            </Link>
          ) : null}
          {older ? (
            <Link to={older} rel="next">
              {t("outbox.older")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Outbox" }, { name: "robots", content: "noindex" }];
