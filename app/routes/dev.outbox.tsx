import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { config } from "~/config.server";
import { db } from "~/db.server";
import { getT } from "~/i18n/i18next.server";
import { useT } from "~/i18n/use-t";

/**
 * What the embedded providers "sent": every e-mail, SMS and call, newest first. Exists in
 * development and `npm start` (demo); `npm run serve` hides it unless OUTBOX_PAGE=1.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!config().outboxPage) {
    const t = await getT(request);
    throw data(t("errors.pageNotFound"), { status: 404, statusText: "Not Found" });
  }
  const url = new URL(request.url);
  const to = url.searchParams.get("to")?.trim().toLowerCase() || undefined;
  const messages = await db().outboxMessage.findMany({
    where: to ? { to } : undefined,
    orderBy: { createdAt: "desc" },
    take: 50,
  });
  return { to: to ?? "", messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) };
}

export default function Outbox() {
  const { messages, to } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className="outbox">
      <h1>{t("outbox.title")}</h1>
      <p>{t("outbox.intro")}</p>
      <form method="get" className="inline-form">
        <label htmlFor="outbox-to">{t("outbox.filter")}</label>
        <input id="outbox-to" name="to" type="search" defaultValue={to} />
        <button type="submit" className="button">
          {t("outbox.search")}
        </button>
      </form>
      {messages.length === 0 ? <p>{t("outbox.empty")}</p> : null}
      <ol className="outbox-list">
        {messages.map((m) => (
          <li key={m.id} data-testid="outbox-message" data-to={m.to} data-channel={m.channel}>
            <p className="outbox-meta">
              {m.channel} · {m.to} · <time dateTime={m.createdAt}>{m.createdAt}</time>
            </p>
            {m.subject ? <h2>{m.subject}</h2> : null}
            <pre>{m.text}</pre>
          </li>
        ))}
      </ol>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Outbox" }, { name: "robots", content: "noindex" }];
