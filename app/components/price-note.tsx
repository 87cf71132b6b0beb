import { Link } from "@remix-run/react";

import { paths } from "~/http/paths";
import { useLocalePath, useT } from "~/i18n/use-t";

/**
 * What subscribing costs and how to stop, where a visitor decides to pay: the first day's price, the
 * renewal and its period (`price`, worded by the server: "payments.offer.price"), that it can be
 * cancelled at any time, and the links to the terms and to the cancellation and refund policy.
 */
export function PriceNote({ price }: { price?: string }) {
  const t = useT();
  const lp = useLocalePath();
  return (
    <p className="price-note" data-testid="price-note">
      {price ? <strong data-testid="price">{price}</strong> : null} {t("payments.offer.cancelAnytime")}{" "}
      <span className="price-links">
        <Link to={lp(paths.termsOfUse)}>{t("footer.terms")}</Link>
        {" · "}
        <Link to={lp(paths.refund)}>{t("footer.refunds")}</Link>
      </span>
    </p>
  );
}
