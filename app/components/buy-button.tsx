import { Link } from "@remix-run/react";

import { useLocalePath, useT } from "~/i18n/use-t";
import { paths } from "~/paths";

/** The home page's buy button: opens the checkout page, which shows the payment modal. */
export function BuyButton() {
  const t = useT();
  const lp = useLocalePath();
  return (
    <Link className="button" to={lp(paths.checkout)} data-testid="buy-button">
      {t("payments.buyCta")}
    </Link>
  );
}
