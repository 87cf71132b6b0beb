import { constants, publicEncrypt } from "node:crypto";

import { describe, expect, it } from "vitest";

import { issueAuthCode } from "~/auth/auth-code.server";
import { CHECKOUT_COOKIE } from "~/auth/checkout-browser.server";
import { passwordKey } from "~/auth/rsa.server";
import { db } from "~/db/db.server";
import { randomToken, sha256 } from "~/utils/hash.server";

import {
  apiRequest,
  createUser,
  readEnvelope,
  routeArgs,
  signedInUser,
  uniqueEmail,
} from "../../tests/support/factories";
import { action as login } from "./api.v1.auth.login";
import { action as loginByAuthCode } from "./api.v1.auth.login-by-auth-code";
import { loader as publicKey } from "./api.v1.auth.public-key";
import { action as resetPassword } from "./api.v1.auth.reset-password";
import { action as sendCode } from "./api.v1.auth.send-code";
import { loader as subscribeInfo } from "./api.v1.personnal.subscribe.info";

async function encrypt(plain: string) {
  const { publicPem } = await passwordKey();
  return publicEncrypt(
    { key: publicPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha1" },
    Buffer.from(plain),
  ).toString("base64");
}

describe("POST /api/v1/auth/login", () => {
  it("signs in with an RSA-encrypted password and answers the spec's envelope", async () => {
    const { email, password } = await createUser();
    const res = await login(
      routeArgs(
        apiRequest("/api/v1/auth/login", {
          json: { email: ` ${email.toUpperCase()} `, password: await encrypt(password) },
        }),
      ),
    );
    const body = await readEnvelope<{ token: string; user: { userCacheInfo: { email: string } } }>(res);
    expect(res.status).toBe(200);
    const data = body.data!;
    expect(data.token).toMatch(/^[\w-]{40,}$/);
    expect(data.user.userCacheInfo.email).toBe(email);
  });

  it("accepts a plain password only when the client says so", async () => {
    const { email, password } = await createUser();
    const plain = await login(
      routeArgs(apiRequest("/api/v1/auth/login", { json: { email, password, encrypted: false } })),
    );
    expect(plain.status).toBe(200);
    const undecryptable = await login(routeArgs(apiRequest("/api/v1/auth/login", { json: { email, password } })));
    expect(undecryptable.status).toBe(401);
  });

  it("rejects a wrong password with 401", async () => {
    const { email } = await createUser();
    const res = await login(
      routeArgs(apiRequest("/api/v1/auth/login", { json: { email, password: await encrypt("wrong") } })),
    );
    expect(res.status).toBe(401);
    expect((await readEnvelope(res)).message).toBe("The e-mail address or password is incorrect.");
  });

  it("needs a well-formed APP header", async () => {
    const missing = await login(routeArgs(apiRequest("/api/v1/auth/login", { json: {}, headers: { APP: "" } })));
    expect(missing.status).toBe(400);
    expect((await readEnvelope(missing)).message).toMatch(/APP header/);
    const bad = await login(routeArgs(apiRequest("/api/v1/auth/login", { json: {}, headers: { APP: "bad app!" } })));
    expect(bad.status).toBe(400);
  });

  it("answers 400 for malformed JSON and wrong types, 413 for big bodies, 415 for non-JSON", async () => {
    const malformed = await login(
      routeArgs(apiRequest("/api/v1/auth/login", { body: "{nope", headers: { "Content-Type": "application/json" } })),
    );
    expect(malformed.status).toBe(400);
    expect((await readEnvelope(malformed)).message).toMatch(/not valid JSON/);
    const wrongType = await login(routeArgs(apiRequest("/api/v1/auth/login", { json: { email: 5, password: "x" } })));
    expect(wrongType.status).toBe(400);
    expect((await readEnvelope(wrongType)).message).toContain("'email'");
    const big = await login(
      routeArgs(apiRequest("/api/v1/auth/login", { json: { email: "a@b.co", password: "x".repeat(70_000) } })),
    );
    expect(big.status).toBe(413);
    const form = await login(
      routeArgs(
        apiRequest("/api/v1/auth/login", {
          body: "email=a",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        }),
      ),
    );
    expect(form.status).toBe(415);
  });

  it("after five failures from one address answers 429 with Retry-After and when to try again; the owner still gets in from elsewhere", async () => {
    const { email, password } = await createUser();
    const attempt = (pass: string, ip: string, headers: Record<string, string> = {}) =>
      login(
        routeArgs(apiRequest("/api/v1/auth/login", { json: { email, password: pass, encrypted: false }, ip, headers })),
      );
    for (let i = 0; i < 5; i++) expect((await attempt("nope", "198.51.100.1")).status).toBe(401);
    const refused = await attempt(password, "198.51.100.1", { "Accept-Language": "id" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThanOrEqual(29);
    expect((await readEnvelope(refused)).message).toBe("Terlalu banyak percobaan. Silakan coba lagi dalam 1 menit.");
    expect((await attempt(password, "192.0.2.44")).status).toBe(200);
  });

  it("translates messages by Accept-Language", async () => {
    const res = await login(
      routeArgs(
        apiRequest("/api/v1/auth/login", { json: {}, headers: { APP: "", "Accept-Language": "id-ID,id;q=0.9" } }),
      ),
    );
    const { message } = await readEnvelope(res);
    expect(message).not.toMatch(/APP header is missing/);
  });

  it("answers field errors in words, translated like every other endpoint's, never as message keys", async () => {
    const expected = {
      en: { email: "Enter valid email address", password: "Please input a your password" },
      "id-ID": { email: "Masukkan alamat email yang valid" },
      fil: { email: "Maglagay ng wastong e-mail address" },
    };
    for (const [language, fields] of Object.entries(expected)) {
      const res = await login(
        routeArgs(
          apiRequest("/api/v1/auth/login", {
            json: { email: "not-an-address", password: "", encrypted: false },
            headers: { "Accept-Language": language },
          }),
        ),
      );
      expect(res.status).toBe(400);
      const envelope = await readEnvelope<{ fields: Record<string, string> }>(res);
      expect(envelope.data!.fields).toMatchObject(fields);
      for (const text of Object.values(envelope.data!.fields)) expect(text).not.toMatch(/^[a-zA-Z]+\.[a-zA-Z.]+$/);
      expect(envelope.message).toBe(Object.values(envelope.data!.fields)[0]);
    }
  });
});

describe("password reset through the API", () => {
  it("sends a code (type 1) and resets the password with it once", async () => {
    const { email } = await createUser();
    const bad = await sendCode(routeArgs(apiRequest("/api/v1/auth/sendCode", { json: { email, type: 2 } })));
    expect(bad.status).toBe(400);
    const sent = await sendCode(routeArgs(apiRequest("/api/v1/auth/sendCode", { json: { email, type: 1 } })));
    expect(sent.status).toBe(200);
    expect((await readEnvelope(sent)).data).toEqual({ success: true });
    const mail = await db().outboxMessage.findFirstOrThrow({ where: { to: email }, orderBy: { createdAt: "desc" } });
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;

    const reset = (verificationCode: string, password: string) =>
      resetPassword(
        routeArgs(apiRequest("/api/v1/auth/resetPassword", { json: { email, verificationCode, password } })),
      );
    const newPassword = await encrypt("brand new secret");
    const ok = await reset(code, newPassword);
    expect(ok.status).toBe(200);
    const again = await reset(code, newPassword);
    expect(again.status).toBe(400);

    const signIn = await login(
      routeArgs(apiRequest("/api/v1/auth/login", { json: { email, password: "brand new secret", encrypted: false } })),
    );
    expect(signIn.status).toBe(200);
  });

  it("answers success for unknown addresses without revealing them", async () => {
    const email = uniqueEmail("nobody");
    const res = await sendCode(routeArgs(apiRequest("/api/v1/auth/sendCode", { json: { email, type: 1 } })));
    expect(res.status).toBe(200);
    const mail = await db().outboxMessage.findFirstOrThrow({ where: { to: email } });
    expect(mail.text).not.toMatch(/\b\d{6}\b/);
  });
});

describe("tokens and subscription info", () => {
  it("accepts raw and Bearer tokens and reports expiredStatus", async () => {
    const active = await signedInUser();
    for (const auth of [active.token, `Bearer ${active.token}`]) {
      const res = await subscribeInfo(
        routeArgs(apiRequest("/api/v1/personnal/subscribe/info", { headers: { Authorization: auth } })),
      );
      expect(res.status).toBe(200);
      expect((await readEnvelope(res)).data).toMatchObject({ expiredStatus: 0, state: "Active" });
    }
    const expired = await signedInUser({ days: -1 });
    const res = await subscribeInfo(
      routeArgs(apiRequest("/api/v1/personnal/subscribe/info", { headers: { Authorization: expired.token } })),
    );
    expect((await readEnvelope(res)).data).toMatchObject({ expiredStatus: 1, state: "Expired" });
  });

  it("answers 401 with the spec's message for missing or revoked tokens", async () => {
    const res = await subscribeInfo(
      routeArgs(apiRequest("/api/v1/personnal/subscribe/info", { headers: { Authorization: "Bearer nope" } })),
    );
    expect(res.status).toBe(401);
    expect((await readEnvelope(res)).message).toBe("Login expired, please log in again.");
  });

  it("exchanges an auth code for a session exactly once, only in the checkout's browser", async () => {
    const { user } = await createUser();
    const checkoutId = `chk${randomToken(9)}`;
    const secret = randomToken(32);
    await db().checkoutBrowser.create({ data: { checkoutId, secretHash: sha256(secret) } });
    const authCode = await issueAuthCode(user.id, checkoutId);
    const exchange = (cookie?: string) =>
      loginByAuthCode(
        routeArgs(
          apiRequest("/api/v1/auth/loginByAuthCode", { json: { authCode }, headers: cookie ? { Cookie: cookie } : {} }),
        ),
      );
    expect((await exchange()).status).toBe(401);
    expect((await exchange(`${CHECKOUT_COOKIE}=${randomToken(32)}`)).status).toBe(401);
    expect((await exchange(`${CHECKOUT_COOKIE}=${secret}`)).status).toBe(200);
    expect((await exchange(`${CHECKOUT_COOKIE}=${secret}`)).status).toBe(401);
  });

  it("publishes the 2048-bit public key", async () => {
    const res = await publicKey(routeArgs(apiRequest("/api/v1/auth/publicKey")));
    const data = (await readEnvelope<{ publicKey: string }>(res)).data!;
    const { createPublicKey } = await import("node:crypto");
    const key = createPublicKey(data.publicKey);
    expect(key.asymmetricKeyDetails).toMatchObject({ modulusLength: 2048, publicExponent: 65537n });
  });
});
