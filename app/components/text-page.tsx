import type { TextPageData } from "~/content/content-page.server";

import { ConsentSettings } from "./consent";
import { ContentSections } from "./content";
import { RefundForm } from "./refund-form";

/** A page that is a heading and sections of text, with the extra part its loader names. */
export function TextPage({ page }: { page: TextPageData["page"] }) {
  return (
    <article className="text-page">
      <h1>{page.heading}</h1>
      {page.updated ? <p className="page-updated">{page.updated}</p> : null}
      {page.intro ? <p className="lead">{page.intro}</p> : null}
      <ContentSections sections={page.sections} />
      {page.refundForm ? <RefundForm /> : null}
      {page.consentSettings ? <ConsentSettings /> : null}
    </article>
  );
}
