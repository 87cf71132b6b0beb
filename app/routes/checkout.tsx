import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

import { guardPage } from "~/auth/guards.server";
import { subscriptionFor } from "~/billing/subscription.server";
import { paths } from "~/http/paths";
import { getLocale } from "~/i18n/i18next.server";
import { localizePath } from "~/i18n/locales";

/**
 * The buy address (in e-mails, bookmarks and older links): the payment dialog opens over the page it
 * belongs to, never over an empty page. A visitor's over the home page (`/?modal=payment`), a
 * subscriber's renewal over their dashboard (the expired notice), and a subscriber with access goes
 * to the dashboard.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = getLocale(request);
  const { user } = await guardPage({ request, context }, "anyone");
  if (!user) throw redirect(localizePath(paths.buy, locale));
  const { access } = await subscriptionFor(user.id);
  throw redirect(localizePath(access ? paths.dashboard : paths.renew, locale));
}
