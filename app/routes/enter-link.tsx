import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { useId } from "react";

import { guardPage } from "~/auth/guards.server";
import { useReplyErrors } from "~/components/form-reply";
import { getLocale, getT } from "~/i18n/i18next.server";
import { useT } from "~/i18n/use-t";
import { recipientHandle } from "~/recipient/bare";
import { RecipientPage } from "~/recipient/components";
import { recipientPaths } from "~/recipient/paths";
import { codeFromInput, openLink } from "~/recipient/recipient.server";
import { readFormData } from "~/utils/form-data.server";
import { refusal } from "~/utils/parse-form";

// `/enter-link`: the code (or the whole link) from a message, typed by hand, opens its consent page.

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardPage({ request, context }, "anyone");
  const t = await getT(request);
  return { title: t("recipient.enterLink.metaTitle") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await guardPage({ request, context }, "anyone");
  const form = await readFormData(request);
  const value = String(form.get("code") ?? "").slice(0, 500);
  const id = codeFromInput(value);
  if (id && (await openLink(id))) throw redirect(recipientPaths(id, getLocale(request)).consent);
  return data(refusal("recipient.invalidLink", { values: { code: value }, field: "code" }), { status: 400 });
}

export const handle = recipientHandle;

export default function EnterLink() {
  const reply = useActionData<typeof action>();
  const t = useT();
  const error = useReplyErrors(reply).error("code");
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <RecipientPage reportCode={null}>
      <section aria-labelledby="enter-link-title">
        <h1 id="enter-link-title">{t("recipient.enterLink.title")}</h1>
        <p className="lead">{t("recipient.enterLink.intro")}</p>
        <form method="post">
          <label htmlFor={id}>{t("recipient.enterLink.label")}</label>
          <input
            id={id}
            type="text"
            name="code"
            required
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            defaultValue={reply?.values.code ?? ""}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          {error ? (
            <p className="field-error" id={errorId} role="alert">
              {error}
            </p>
          ) : null}
          <p className="choices">
            <button type="submit" className="button button-primary">
              {t("recipient.enterLink.submit")}
            </button>
          </p>
        </form>
      </section>
    </RecipientPage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "robots", content: "noindex" },
];
