// The two page actions that choose a password (docs/decisions/040), the success dialog's and the
// e-mailed link's: a refused password answers the page's FormReply, its message key on the password
// field (the password itself never sent back), translated where the page renders it. The rules
// themselves are tested in app/auth/choose-password.server.test.ts.
import { describe, expect, it } from "vitest";

import { issueEmailVerification } from "~/auth/email-verification.server";
import { db } from "~/db/db.server";

import { createUser, formRequest, routeArgs, signedInUser } from "../../tests/support/factories";
import { replyTexts } from "../../tests/support/reply-text";
import { routeData } from "../../tests/support/route-data";
import { action as successAction, handle as successHandle } from "./dashboard.modules.success";
import { action as verifyAction, handle as verifyHandle } from "./verify-email";

describe("choosing a password refused", () => {
  it("in the success dialog: 400, the key on the password field, in the page's words", async () => {
    const { user, token } = await signedInUser();
    const post = (path: string, password: string) =>
      routeData(successAction(routeArgs(formRequest(path, { password }, { Cookie: `token=${token}` }))));
    // The fixture's account has chosen its password: a session alone never changes it.
    const chosen = await post("/dashboard/modules/SuccessModal", "a strangers password");
    expect(chosen).toMatchObject({
      status: 400,
      data: { ok: false, values: {}, errors: { password: "account.choosePassword.alreadyChosen" } },
    });
    expect(replyTexts(chosen.data, "en", successHandle).password).toBe(
      "This account already has a password. Change it with Forgot password.",
    );
    await db().user.update({ where: { id: user.id }, data: { passwordChosenAt: null } });
    const short = await post("/id/dashboard/modules/SuccessModal", "abc");
    expect(short.status).toBe(400);
    expect(short.data.errors).toEqual({ password: "validation.passwordLength" });
    expect(replyTexts(short.data, "id", successHandle).password).toBe(
      "Kata sandi harus terdiri dari 6 hingga 128 karakter.",
    );
  });

  it("with the e-mailed link: 400, the key on the password field, in the page's words", async () => {
    const { user } = await createUser({ verified: false });
    const link = await db().$transaction((tx) => issueEmailVerification(tx, user.id, user.email));
    const answer = await routeData(
      verifyAction(routeArgs(formRequest(`/verify-email?token=${link}`, { intent: "password", password: "short" }))),
    );
    expect(answer).toMatchObject({
      status: 400,
      data: { ok: false, values: {}, errors: { password: "validation.passwordLength" } },
    });
    expect(replyTexts(answer.data, "en", verifyHandle).password).toBe("The password must be 6 to 128 characters long.");
  });
});
