import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { ApiError, apiRoute, envelope, fieldError, methodNotAllowed, readJson } from "~/api/envelope.server";
import { sendCodeSchema, sendResetCode } from "~/auth/password-reset.server";
import { throttledAnswer } from "~/limits/rate-limit.server";
import { clientIp } from "~/utils/client-ip.server";

export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(request, "POST");

export const action = ({ request }: ActionFunctionArgs) =>
  apiRoute(request, async ({ t, locale }) => {
    const input = await readJson(request, sendCodeSchema);
    const result = await sendResetCode(input.email, clientIp(request), locale);
    if (result.ok) return envelope(200, { message: t("resetPwdModal.SendCodeSuccess"), data: { success: true } });
    if (result.error === "throttled") {
      const wait = throttledAnswer(result.retryAfterSeconds);
      throw new ApiError(429, "errors.tryAgainIn", wait.values, wait.headers);
    }
    if (result.error === "validation") throw fieldError(result.fields);
    throw new ApiError(502, "resetPwdModal.SendCodeFailed");
  });
