import { Link } from "@remix-run/react";

import type { TextPageData } from "~/content-page.server";
import { useLocalePath, useT } from "~/i18n/use-t";
import { paths } from "~/paths";

import { ConsentSettings } from "./consent";
import { ContentSections } from "./content";
import { RefundForm } from "./refund-form";

/** A page that is a heading and sections of text, with the extra part its loader names. */
export function TextPage({ page }: { page: TextPageData["page"] }) {
  const t = useT();
  const lp = useLocalePath();
  return (
    <article className="text-page">
      <h1>{page.heading}</h1>
      {page.updated ? <p className="page-updated">{page.updated}</p> : null}
      {page.intro ? <p className="lead">{page.intro}</p> : null}
      <ContentSections sections={page.sections} />
      {page.refundForm ? <RefundForm /> : null}
      {page.consentSettings ? <ConsentSettings /> : null}
      {page.homeLink ? (
        <Link className="button" to={lp(paths.home)}>
          {t("errors.backHome")}
        </Link>
      ) : null}
    </article>
  );
}
