import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { getT } from "~/i18n/i18next.server";

/** Any address no other route claims: spec section 8, 'Page not found'. */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request);
  throw data(t("errors.pageNotFound"), { status: 404, statusText: "Not Found" });
}

export const meta: MetaFunction = () => [{ title: "404" }, { name: "robots", content: "noindex" }];

export default function CatchAll() {
  return null;
}
