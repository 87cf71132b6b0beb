import { useLocalePath, useT } from "~/i18n/use-t";

/** Spec section 8: 'Invalid link!', with the way to type the code from the message instead. */
export function InvalidLink() {
  const t = useT();
  const lp = useLocalePath();
  return (
    <section aria-labelledby="invalid-title">
      <h1 id="invalid-title">{t("recipient.invalidLink")}</h1>
      <p>{t("recipient.invalidLinkHelp")}</p>
      <a className="button button-primary" href={lp("/enter-link")}>
        {t("recipient.enterLinkCta")}
      </a>
    </section>
  );
}
