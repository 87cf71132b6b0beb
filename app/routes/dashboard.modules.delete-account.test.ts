// Delete my account, its page action: a refused password answers the page's FormReply (message keys,
// translated where the page renders them) with the status of its reason; the deletion itself is
// tested in app/privacy/privacy.server.test.ts.
import { describe, expect, it } from "vitest";

import { db } from "~/db/db.server";

import { formRequest, routeArgs, signedInUser } from "../../tests/support/factories";
import { replyTexts } from "../../tests/support/reply-text";
import { routeData } from "../../tests/support/route-data";
import { action, handle } from "./dashboard.modules.delete-account";

const post = (path: string, token: string, password: string, ip = "203.0.113.9") =>
  routeData(action(routeArgs(formRequest(path, { password }, { Cookie: `token=${token}`, "x-client-ip": ip }))));

describe("deleting an account from its page", () => {
  it("answers a missing or wrong password with a key on the whole form, and keeps the account", async () => {
    const { user, token } = await signedInUser();
    const empty = await post("/dashboard/modules/DeleteAccount", token, "  ");
    expect(empty).toMatchObject({
      status: 400,
      data: { ok: false, errors: { form: "account.delete.passwordRequired" } },
    });
    const wrong = await post("/ph/dashboard/modules/DeleteAccount", token, "not the password");
    expect(wrong).toMatchObject({ status: 403, data: { ok: false, errors: { form: "account.delete.wrongPassword" } } });
    expect(replyTexts(wrong.data, "en", handle).form).toBe("That password is not right. Nothing was deleted.");
    expect(await db().user.findUnique({ where: { id: user.id } })).not.toBeNull();
  });

  it("past the sign-in limit, says how many minutes to wait (429), in the page's words", async () => {
    const { token, password } = await signedInUser();
    const ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    for (let i = 0; i < 5; i += 1) await post("/dashboard/modules/DeleteAccount", token, "wrong", ip);
    const throttled = await post("/dashboard/modules/DeleteAccount", token, password, ip);
    expect(throttled.status).toBe(429);
    expect(throttled.data.errors).toEqual({ form: "errors.tryAgainIn" });
    const minutes = throttled.data.errorValues?.form?.minutes;
    expect(minutes).toBeGreaterThan(0);
    expect(replyTexts(throttled.data, "en", handle).form).toBe(
      `Too many attempts. Please try again in ${minutes} min.`,
    );
  });
});
