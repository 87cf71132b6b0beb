import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { ApiError, apiRoute, envelope, methodNotAllowed, readJson } from "~/api/envelope.server";
import { loginSchema, signIn } from "~/auth/sign-in.server";
import { throttledAnswer } from "~/rate-limit.server";
import { clientIp } from "~/utils/client-ip.server";

export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(request, "POST");

export const action = ({ request }: ActionFunctionArgs) =>
  apiRoute(request, async ({ t }) => {
    const input = await readJson(request, loginSchema);
    const result = await signIn({ ...input, password: input.password.trim() }, clientIp(request));
    if (result.ok) return envelope(200, { data: { token: result.token, user: result.user } });
    if (result.error === "throttled") {
      const wait = throttledAnswer(result.retryAfterSeconds);
      throw new ApiError(429, "errors.tryAgainIn", wait.values, wait.headers);
    }
    if (result.error === "validation") {
      // Translated like every other endpoint's field errors (the keys stay server-side).
      const fields = Object.fromEntries(Object.entries(result.fields).map(([field, key]) => [field, t(key)]));
      const message = Object.values(fields)[0] ?? t("errors.unexpected");
      return envelope(400, { message, error: message, data: { fields } });
    }
    throw new ApiError(401, "loginModal.invalidCredentials");
  });
