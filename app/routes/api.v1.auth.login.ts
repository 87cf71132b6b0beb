import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { ApiError, apiRoute, envelope, failure, methodNotAllowed, readJson } from "~/api/envelope.server";
import { loginSchema, signIn } from "~/auth/sign-in.server";
import { throttledAnswer } from "~/limits/rate-limit.server";
import { clientIp } from "~/utils/client-ip.server";

export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(request, "POST");

export const action = ({ request }: ActionFunctionArgs) =>
  apiRoute(request, async (ctx) => {
    const input = await readJson(request, loginSchema);
    const result = await signIn({ ...input, password: input.password.trim() }, clientIp(request));
    if (result.ok) return envelope(200, { data: { token: result.token, user: result.user } });
    if (result.error === "throttled") {
      const wait = throttledAnswer(result.retryAfterSeconds);
      throw new ApiError(429, "errors.tryAgainIn", wait.values, wait.headers);
    }
    if (result.error === "validation") {
      // Translated like every other endpoint's field errors (the keys stay server-side).
      // `data.fields` stays for today's clients; `code` and `field` are the first field's, as everywhere.
      const fields = Object.fromEntries(Object.entries(result.fields).map(([field, key]) => [field, ctx.t(key)]));
      const [field, key] = Object.entries(result.fields)[0] ?? ["body", "errors.unexpected" as const];
      return failure(ctx, 400, key, { field, data: { fields } });
    }
    throw new ApiError(401, "loginModal.invalidCredentials");
  });
