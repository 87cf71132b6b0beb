import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";

import { ApiError, apiRoute, envelope, methodNotAllowed, readJson } from "~/api/envelope.server";
import { resetPassword } from "~/auth/password-reset.server";
import { readPassword } from "~/auth/sign-in.server";
import { throttledAnswer } from "~/rate-limit.server";
import { clientIp } from "~/utils/client-ip.server";

const body = z.object({
  email: z.string().max(320),
  password: z.string().max(2048),
  verificationCode: z.string().max(32),
  encrypted: z.boolean().default(true),
});

export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(request, "POST");

export const action = ({ request }: ActionFunctionArgs) =>
  apiRoute(request, async ({ t }) => {
    const input = await readJson(request, body);
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
    if (result.error === "validation") throw new ApiError(400, Object.values(result.fields)[0] ?? "errors.unexpected");
    throw new ApiError(400, "resetPwdModal.codeInvalid");
  });
