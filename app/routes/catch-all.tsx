import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { getLocale, getT } from "~/i18n/i18next.server";
import { routeMessages } from "~/i18n/resources.server";
import { useLocale, useT } from "~/i18n/use-t";
import { CODE_PATTERN, decline, findByCode, recordOpened, shareApproximate, sharePrecise } from "~/location-requests.server";
import { recipientHandle } from "~/recipient/bare";
import { InvalidLink } from "~/recipient/components";
import { CONSENT_SCRIPT } from "~/recipient/consent-script";
import { recipientPaths } from "~/recipient/paths";
import { invalidLink, POSITION_FIELDS, PositionSchema, recipientView } from "~/recipient/recipient.server";
import { clientIp } from "~/utils/client-ip.server";
import { readFormData } from "~/utils/form-data.server";

// The short link of a location request (`/{code}`, `/id/{code}`, `/ph/{code}`) opens the consent page;
// any other address no route claims is spec section 8's 'Page not found'.

/** The code when the unmatched path is one segment shaped like a request code. */
function codeFromPath(splat: string | undefined) {
  const segment = (splat ?? "").replace(/\/$/, "");
  return CODE_PATTERN.test(segment) ? segment : null;
}

async function pageNotFound(request: Request) {
  const t = await getT(request);
  return data(t("errors.pageNotFound"), { status: 404, statusText: "Not Found" });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const code = codeFromPath(params["*"]);
  if (!code) throw await pageNotFound(request);
  const row = await findByCode(code);
  if (!row) return invalidLink(request);
  // Opening records only that it was opened: nothing about the recipient is read or kept here.
  await recordOpened(code);
  const t = await getT(request);
  return { kind: "consent" as const, title: t("recipient.consent.title", { name: row.requesterName }), request: recipientView(row), translations: routeMessages(request, recipientHandle) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const code = codeFromPath(params["*"]);
  if (!code) throw await pageNotFound(request);
  if (!(await findByCode(code))) return invalidLink(request);
  const paths = recipientPaths(code, getLocale(request));
  const form = await readFormData(request);
  const intent = form.get("intent");

  if (intent === "precise") {
    const fields = Object.fromEntries(POSITION_FIELDS.map((name) => [name, String(form.get(name) ?? "")]));
    // Without JavaScript the button posts no position: the browser cannot locate itself this way.
    if (POSITION_FIELDS.every((name) => !fields[name]!.trim())) throw redirect(`${paths.failed}&reason=unsupported`);
    const parsed = PositionSchema.safeParse(fields);
    if (!parsed.success) return data({ error: "recipient.errors.badPosition" }, { status: 400 });
    const { latitude, longitude, accuracy } = parsed.data;
    await sharePrecise(code, { latitude, longitude, accuracyMeters: accuracy });
    throw redirect(paths.share);
  }
  if (intent === "approximate") {
    const located = await shareApproximate(code, clientIp(request));
    throw redirect(located ? paths.share : `${paths.failed}&reason=ip`);
  }
  if (intent === "decline") {
    await decline(code);
    throw redirect(paths.share);
  }
  return data({ error: "recipient.errors.badChoice" }, { status: 400 });
}

export const handle = recipientHandle;

export default function CatchAll() {
  const loaderData = useLoaderData<typeof loader>();
  if (loaderData.kind === "invalid") return <InvalidLink />;
  return <Consent view={loaderData.request} />;
}

function Consent({ view }: { view: ReturnType<typeof recipientView> }) {
  const t = useT();
  const locale = useLocale();
  const actionData = useActionData<typeof action>();
  const error = actionData && "error" in actionData ? actionData.error : null;
  const paths = recipientPaths(view.code, locale);
  const name = view.requesterName;
  return (
    <section aria-labelledby="consent-title">
      <h1 id="consent-title">{t("recipient.consent.title", { name })}</h1>
      <p className="lead">{t("recipient.consent.intro")}</p>
      {error ? (
        <div className="notice notice-error" role="alert">
          <p>{t(error)}</p>
        </div>
      ) : null}
      {view.state !== "pending" ? (
        <div className="notice" role="status">
          <p>
            {t("recipient.consent.answered")} <a href={paths.share}>{t("recipient.consent.seeAnswer")}</a>
          </p>
        </div>
      ) : null}
      <h2>{t("recipient.consent.whatTitle")}</h2>
      <ul>
        <li>{t("recipient.consent.precise")}</li>
        <li>{t("recipient.consent.approximate", { km: view.approximateRadiusKm })}</li>
      </ul>
      <h2>{t("recipient.consent.keptTitle")}</h2>
      <p>{t("recipient.consent.kept", { name, count: view.retentionDays })}</p>
      <form method="post" id="consent" className="choices" data-failed={paths.failed}>
        <button type="submit" name="intent" value="precise" id="share-precise" className="button button-primary">
          {t("recipient.actions.precise")}
        </button>
        <p id="locating" className="notice" role="status" hidden>
          {t("recipient.consent.locating")}
        </p>
        <button type="submit" name="intent" value="approximate" className="button">
          {t("recipient.actions.approximate")}
        </button>
        <button type="submit" name="intent" value="decline" className="button button-quiet">
          {t("recipient.actions.decline")}
        </button>
      </form>
      <p className="muted">{t("recipient.consent.privacy")}</p>
      <script dangerouslySetInnerHTML={{ __html: CONSENT_SCRIPT }} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data && "title" in data ? data.title : "404" },
  { name: "robots", content: "noindex" },
];
