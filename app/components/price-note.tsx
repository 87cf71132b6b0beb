import { Link } from "@remix-run/react";

import { useLocalePath, useT } from "~/i18n/use-t";
import { paths } from "~/paths";

/** The plan's prices in the reader's language (app/content.server.ts `priceTextValues`). */
export type PriceValues = { firstDayPrice: string; renewalPrice: string; periodDays: string };

/**
 * What subscribing costs and how to stop, where a visitor decides to pay: the first day's price, the
 * renewal and its period (when `price` is given), that it can be cancelled at any time, and the links
 * to the terms and to the cancellation and refund policy.
 */
export function PriceNote({ price }: { price?: PriceValues }) {
  const t = useT();
  const lp = useLocalePath();
  return (
    <p className="price-note" data-testid="price-note">
      {price ? <strong data-testid="price">{t("payments.offer.price", price)}</strong> : null}{" "}
      {t("payments.offer.cancelAnytime")}{" "}
      <span className="price-links">
        <Link to={lp(paths.termsOfUse)}>{t("footer.terms")}</Link>
        {" · "}
        <Link to={lp(paths.refund)}>{t("footer.refunds")}</Link>
      </span>
    </p>
  );
}
