import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";

import { guardPage } from "~/auth/guards.server";
import { Modal } from "~/components/modal";
import { getT } from "~/i18n/i18next.server";
import type { MessagesHandle } from "~/i18n/messages";
import { pageMessages } from "~/i18n/resources.server";
import { useLocalePath, useT } from "~/i18n/use-t";
import { paths } from "~/paths";
import { newSearchPath, searchedNumber } from "~/phone/number-search";
import { parseLookupNumber } from "~/phone/numbers.server";

import Dashboard, { handle as dashboardHandle, loader as dashboardLoader } from "./dashboard";

/** Shown once after payment and the automatic sign-in, over the dashboard it leads to. */
export const handle: MessagesHandle = { messages: ["payments.success", ...dashboardHandle.messages] };

export async function loader(args: LoaderFunctionArgs) {
  const { request, context } = args;
  await guardPage({ request, context }, "subscriber");
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
    translations: pageMessages(request, handle),
  };
}

export default function SuccessModal() {
  const t = useT();
  const lp = useLocalePath();
  // After buying from the home page's search, starting means New Search with that number.
  const searched = searchedNumber(useSearchParams()[0]);
  const { number } = useLoaderData<typeof loader>();
  return (
    <>
      <Dashboard />
      <Modal id="success-modal" title={t("payments.success.title")} closeTo={lp(paths.dashboard)}>
        <p>{t("payments.success.text")}</p>
        <a className="button button-primary" href={lp(searched ? newSearchPath(searched) : paths.dashboard)}>
          {searched && number ? t("payments.success.startSearch", { number }) : t("payments.success.start")}
        </a>
      </Modal>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "robots", content: "noindex" },
];
