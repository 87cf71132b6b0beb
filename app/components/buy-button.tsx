import { Link } from "@remix-run/react";

import { useT } from "~/i18n/use-t";

/** The home page's buy button: opens the payment dialog over the home page (a link: no JavaScript needed). */
export function BuyButton() {
  const t = useT();
  return (
    <Link className="button" to="?modal=payment" preventScrollReset data-testid="buy-button">
      {t("payments.buyCta")}
    </Link>
  );
}
