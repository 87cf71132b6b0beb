import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";

import { chooseFirstPassword, passwordToChoose } from "~/auth/choose-password.server";
import { guardPage } from "~/auth/guards.server";
import { SubmitButton } from "~/components/form";
import { useReplyErrors } from "~/components/form-reply";
import { Modal } from "~/components/modal";
import { NewPasswordField } from "~/components/new-password-field";
import { paths } from "~/http/paths";
import { getLocale, getT } from "~/i18n/i18next.server";
import { localizePath } from "~/i18n/locales";
import type { MessagesHandle } from "~/i18n/messages";
import { pageMessages } from "~/i18n/resources.server";
import { useLocalePath, useT } from "~/i18n/use-t";
import { newSearchPath, searchedNumber } from "~/phone/number-search";
import { parseLookupNumber } from "~/phone/numbers.server";
import { readFormData } from "~/utils/form-data.server";
import { refusal } from "~/utils/parse-form";
import { redirectWithToast } from "~/utils/toast.server";

import Dashboard, { handle as dashboardHandle, loader as dashboardLoader } from "./dashboard";

/** Shown once after payment and the automatic sign-in, over the dashboard it leads to. */
export const handle: MessagesHandle = {
  messages: ["payments.success", "account.choosePassword", "validation", ...dashboardHandle.messages],
};

export async function loader(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const { user } = await guardPage({ request, context }, "subscriber");
  // The dashboard under the dialog: what its own page shows (its History tab).
  const { data: dashboard } = await dashboardLoader(args);
  const t = await getT(request);
  const searched = searchedNumber(new URL(request.url).searchParams);
  const parsed = searched && parseLookupNumber(searched.country, searched.number);
  // The button names the number in international form when it parses, as typed otherwise.
  const number = parsed?.ok ? parsed.e164 : (searched?.number ?? null);
  return {
    ...dashboard,
    title: t("payments.meta.success"),
    number,
    // A payment made this account with a random password nobody knows: the buyer chooses one here.
    choosePassword: (await passwordToChoose(user.id)) ? user.email : null,
    translations: pageMessages(request, handle),
  };
}

/** The first password of an account a payment made (docs/decisions/040). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await guardPage({ request, context }, "subscriber");
  const form = await readFormData(request, { plain: true });
  const result = await chooseFirstPassword(user.id, String(form.get("password") ?? ""));
  // The password is not sent back: the field starts empty again.
  if (!result.ok) return data(refusal(result.error, { field: "password" }), { status: 400 });
  const next = new URL(request.url);
  return redirectWithToast(localizePath(paths.paymentSuccess, getLocale(request)) + next.search, {
    type: "success",
    key: "account.choosePassword.saved",
  });
}

export default function SuccessModal() {
  const t = useT();
  const lp = useLocalePath();
  // After buying from the home page's search, starting means New Search with that number.
  const searched = searchedNumber(useSearchParams()[0]);
  const { number, choosePassword } = useLoaderData<typeof loader>();
  return (
    <>
      <Dashboard />
      <Modal id="success-modal" title={t("payments.success.title")} closeTo={lp(paths.dashboard)}>
        <p>{t("payments.success.text")}</p>
        {choosePassword ? <ChoosePassword email={choosePassword} /> : null}
        <a
          className={choosePassword ? "button" : "button button-primary"}
          href={lp(searched ? newSearchPath(searched) : paths.dashboard)}
        >
          {searched && number ? t("payments.success.startSearch", { number }) : t("payments.success.start")}
        </a>
      </Modal>
    </>
  );
}

/** A plain form: it works before JavaScript loads, and the password goes over TLS like the reset's. */
function ChoosePassword({ email }: { email: string }) {
  const t = useT();
  const { error } = useReplyErrors(useActionData<typeof action>());
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="choose-password" data-testid="choose-password">
      <h3>{t("account.choosePassword.title")}</h3>
      <p>{t("account.choosePassword.intro", { email })}</p>
      <NewPasswordField email={email} error={error("password")} />
      <SubmitButton busy={busy}>{t("account.choosePassword.save")}</SubmitButton>
    </Form>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "robots", content: "noindex" },
];
