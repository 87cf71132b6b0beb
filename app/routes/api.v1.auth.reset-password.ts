import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { ApiError, apiRoute, envelope, fieldError, methodNotAllowed, readJson } from "~/api/envelope.server";
import { resetPassword, resetPasswordSchema } from "~/auth/password-reset.server";
import { readPassword } from "~/auth/sign-in.server";
import { throttledAnswer } from "~/limits/rate-limit.server";
import { clientIp } from "~/utils/client-ip.server";

export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(request, "POST");

export const action = ({ request }: ActionFunctionArgs) =>
  apiRoute(request, async ({ t }) => {
    const input = await readJson(request, resetPasswordSchema);
    const password = await readPassword({ password: input.password.trim(), encrypted: input.encrypted });
    const result = await resetPassword(
      { email: input.email, password, verificationCode: input.verificationCode },
      clientIp(request),
    );
    if (result.ok) return envelope(200, { message: t("resetPwdModal.ResetPasswordSuccess"), data: { success: true } });
    if (result.error === "throttled") {
      const wait = throttledAnswer(result.retryAfterSeconds);
      throw new ApiError(429, "errors.tryAgainIn", wait.values, wait.headers);
    }
    if (result.error === "validation") throw fieldError(result.fields);
    throw new ApiError(400, "resetPwdModal.codeInvalid");
  });
