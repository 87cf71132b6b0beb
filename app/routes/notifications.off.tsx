import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { guardPage } from "~/auth/guards.server";
import { SubmitButton } from "~/components/form";
import { paths } from "~/http/paths";
import { getT } from "~/i18n/i18next.server";
import type { MessagesHandle } from "~/i18n/messages";
import { pageMessages } from "~/i18n/resources.server";
import { useLocalePath, useT } from "~/i18n/use-t";
import { setEmailNotifications, userFromUnsubscribeToken } from "~/notifications/settings.server";
import { readFormData } from "~/utils/form-data.server";

/**
 * The link under every e-mail about a request (docs/decisions/043): `?token=` is signed for one
 * account, and holding it is the whole authority (no sign-in: it is opened from a mail client).
 * Opening it (GET) only asks, since mail scanners open links too; the button posts, and so does a mail
 * client's one-click unsubscribe (RFC 8058: `List-Unsubscribe=One-Click`, with no cookie and no
 * Origin, which the edge lets through as it does any request no browser made). Both answer 200 with
 * the outcome. A link that is not ours answers 404.
 */
export const handle: MessagesHandle = { messages: ["notifications.off"] };

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

async function page(request: Request, state: "ask" | "alreadyOff" | "done" | "invalid") {
  const t = await getT(request);
  return data(
    { title: t("notifications.off.metaTitle"), state, translations: pageMessages(request, handle) },
    { status: state === "invalid" ? 404 : 200 },
  );
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardPage({ request, context }, "anyone");
  const user = await userFromUnsubscribeToken(tokenOf(request));
  return page(request, !user ? "invalid" : user.notifyByEmail ? "ask" : "alreadyOff");
}

export async function action({ request, context }: ActionFunctionArgs) {
  await guardPage({ request, context }, "anyone");
  // The body says nothing that matters (the button's or the mail client's): the signed link decides.
  await readFormData(request);
  const user = await userFromUnsubscribeToken(tokenOf(request));
  if (!user) return page(request, "invalid");
  await setEmailNotifications(user.id, false);
  return page(request, "done");
}

export default function NotificationsOff() {
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const state = answered?.state ?? loaded.state;
  const navigation = useNavigation();
  const t = useT();
  const lp = useLocalePath();
  const settings = (
    <p>
      {t("notifications.off.backOn")} <Link to={lp(paths.settings)}>{t("notifications.off.settings")}</Link>
    </p>
  );
  return (
    <section className="panel notifications-off" aria-labelledby="off-title">
      <h1 id="off-title">{t(state === "ask" ? "notifications.off.title" : "notifications.off.metaTitle")}</h1>
      {state === "invalid" ? (
        <p className="notice notice-error" role="alert" data-testid="off-outcome">
          {t("notifications.off.invalid")}
        </p>
      ) : state === "ask" ? (
        <>
          <p>{t("notifications.off.intro")}</p>
          <Form method="post">
            <SubmitButton busy={navigation.state === "submitting"}>{t("notifications.off.confirm")}</SubmitButton>
          </Form>
        </>
      ) : (
        <>
          <p className="notice notice-ok" role="status" data-testid="off-outcome">
            {t(state === "done" ? "notifications.off.done" : "notifications.off.alreadyOff")}
          </p>
          {settings}
        </>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "robots", content: "noindex" },
];
