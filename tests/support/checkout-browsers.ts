// The client that started each checkout, for the payment tests: the automatic sign-in after payment
// works only with that client's checkout cookie (docs/decisions/011), so the tests remember it per
// checkout and send it with the register query and the auth-code sign-in.
import { db } from "~/db/db.server";
import { action as loginByAuthCode } from "~/routes/api.v1.auth.login-by-auth-code";
import { loader as registerQueryRoute } from "~/routes/api.v1.personnal.register-query";

import { apiRequest, browserCookie, readEnvelope, routeArgs } from "./factories";

export function checkoutBrowsers() {
  const cookies = new Map<string, string>();
  /** Headers of the client that started checkout `id`. */
  const inBrowserOf = (id: string) => ({ Cookie: cookies.get(id) ?? "" });
  return {
    inBrowserOf,
    /** Keeps the checkout cookie that `response` (the checkout's answer) set. */
    remember(id: string | undefined, response: Response) {
      if (id) cookies.set(id, browserCookie(response));
    },
    /** GET /api/v1/personnal/registerQuery/{id}, from the client that started that checkout. */
    async query(id: string) {
      const answer = await registerQueryRoute({
        ...routeArgs(apiRequest(`/api/v1/personnal/registerQuery/${id}`, { headers: inBrowserOf(id) })),
        params: { id },
      });
      return (await readEnvelope<{ status: string; authCode: string | null }>(answer)).data!;
    },
    /** POST /api/v1/auth/loginByAuthCode with `authCode`, from the client that started checkout `id`. */
    signInWith(id: string, authCode: string | null) {
      return loginByAuthCode(
        routeArgs(apiRequest("/api/v1/auth/loginByAuthCode", { json: { authCode }, headers: inBrowserOf(id) })),
      );
    },
    /** Forgets checkout `id`'s register-query limit, so that the next query is answered at once. */
    allowQueryNow(id: string) {
      return db().rateLimit.deleteMany({ where: { key: { startsWith: `checkout-status:${id}` } } });
    },
  };
}
