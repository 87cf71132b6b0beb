import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { ApiError, apiRoute, envelope, methodNotAllowed, readJson, requireApiUser } from "~/api/envelope.server";
import { readPassword } from "~/auth/sign-in.server";
import { throttledAnswer } from "~/limits/rate-limit.server";
import { deleteAccount, deleteAccountSchema } from "~/privacy/account-deletion.server";
import { clientIp } from "~/utils/client-ip.server";

export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(request, "DELETE");

/**
 * DELETE: deletes the token's account (docs/privacy.md) once its password is given again; an active
 * provider subscription is stopped first, and a provider error deletes nothing (502).
 */
export const action = ({ request }: ActionFunctionArgs) =>
  apiRoute(request, async () => {
    if (request.method !== "DELETE") return methodNotAllowed(request, "DELETE");
    const user = await requireApiUser(request);
    const input = await readJson(request, deleteAccountSchema);
    const password = await readPassword({ password: input.password, encrypted: input.encrypted });
    const result =
      password === null
        ? ({ ok: false, error: "password" } as const)
        : await deleteAccount(user.id, password, clientIp(request));
    if (result.ok) return envelope(200, { data: { deleted: true } });
    if (result.error === "throttled") {
      const wait = throttledAnswer(result.retryAfterSeconds);
      throw new ApiError(429, "errors.tryAgainIn", wait.values, wait.headers);
    }
    if (result.error === "provider") throw new ApiError(502, "account.delete.providerFailed");
    throw new ApiError(403, "account.delete.wrongPassword");
  });
