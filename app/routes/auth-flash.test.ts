// The sign-in and reset dialogs post to their own routes, which send a refused form back to the page
// in the flash cookie: the same FormReply as every page action's (message keys, their values, the
// values to refill, never a password), translated by the dialog with the shell's messages.
import { describe, expect, it } from "vitest";

import { shellMessages } from "~/i18n/messages";
import { hit } from "~/limits/rate-limit.server";
import { config } from "~/server/config.server";
import { HOUR } from "~/utils/time";
import { readFlash } from "~/utils/toast.server";

import { awayFromWindowEnd } from "../../tests/support/clock";
import { createUser, formRequest, routeArgs } from "../../tests/support/factories";
import { replyTexts } from "../../tests/support/reply-text";
import { action as login } from "./auth.login";
import { action as resetPassword } from "./auth.reset-password";
import { action as sendCode } from "./auth.send-code";

/** What the dialogs' page translates with: the shell's messages while a dialog is open. */
const dialogs = { messages: [...shellMessages.always, ...shellMessages.signIn] };

let ipSeq = 0;
async function flashOf(
  action: typeof login,
  path: string,
  fields: Record<string, string>,
  ip = `198.51.100.${++ipSeq}`,
) {
  const response = (await action(routeArgs(formRequest(path, fields, { "x-client-ip": ip })))) as Response;
  expect(response.status).toBe(302);
  const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
  const { flash } = await readFlash(new Request("http://localhost:3000/", { headers: { Cookie: cookie } }));
  return flash;
}

describe("a sign-in dialog's refused form, across the redirect", () => {
  it("login: a wrong password is a key on the whole form, the e-mail kept and the password not", async () => {
    const { email } = await createUser();
    const flash = await flashOf(login, "/auth/login", { email, password: "not the password", returnTo: "/ph/" });
    expect(flash?.form).toEqual({
      ok: false,
      form: "login",
      values: { email },
      errors: { form: "loginModal.invalidCredentials" },
    });
    expect(replyTexts(flash!.form!, "en", dialogs).form).toBe("The e-mail address or password is incorrect.");
    const empty = await flashOf(login, "/auth/login", { email: "", password: "", returnTo: "/" });
    expect(empty?.form).toMatchObject({ ok: false, form: "login", values: { email: "" } });
    expect(Object.keys(empty!.form!.errors).sort()).toEqual(["email", "password"]);
  });

  it("send-code: a refused address on its field, why no code went out in the toast", async () => {
    const flash = await flashOf(sendCode, "/auth/send-code", { email: "not-an-address", returnTo: "/" });
    expect(flash?.form).toMatchObject({ ok: false, form: "reset", values: { email: "not-an-address" } });
    expect(flash?.form?.errors.email).toBeDefined();
    expect(flash?.toast?.key).toBe("resetPwdModal.codeNotSent");
  });

  it("reset-password: too many tries says the minutes to wait, as the key's value", async () => {
    const ip = "198.51.100.250";
    await awayFromWindowEnd(HOUR);
    for (let i = 0; i < config().RESET_LIMIT_PER_IP; i++)
      await hit(`reset:ip:${ip}`, config().RESET_LIMIT_PER_IP, HOUR);
    const fields = { email: "ana@example.com", password: "a new password", verificationCode: "123456", returnTo: "/" };
    const flash = await flashOf(resetPassword, "/auth/reset-password", fields, ip);
    expect(flash?.form).toMatchObject({ ok: false, form: "reset", values: {}, errors: { form: "errors.tryAgainIn" } });
    const minutes = flash!.form!.errorValues?.form?.minutes;
    expect(minutes).toBeGreaterThan(0);
    expect(replyTexts(flash!.form!, "en", dialogs).form).toBe(`Too many attempts. Please try again in ${minutes} min.`);
  });
});
