// The same mistake answers the same `code` and `field` on every route, in every language, beside the
// spec's translated `message` and `error` (docs/decisions/042). The OpenAPI replay
// (app/api/openapi/replay.test.ts) holds every documented failure to its code; this table holds the
// mistakes an integrator makes on several routes to one answer.
import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { loader as registerQuery } from "~/routes/api.v1.personnal.register-query";

import { apiRequest, readEnvelope, routeArgs, signedInUser } from "../../tests/support/factories";
import { action as login } from "../routes/api.v1.auth.login";
import { action as registerAndSign } from "../routes/api.v1.auth.register-and-sign";
import { action as resetPassword } from "../routes/api.v1.auth.reset-password";
import { action as sendCode } from "../routes/api.v1.auth.send-code";
import { action as createLink } from "../routes/api.v1.locate.create-link";
import { loader as requests } from "../routes/api.v1.locate.requests";
import { action as sendEmail } from "../routes/api.v1.locate.send-email";
import { action as sendSms } from "../routes/api.v1.locate.send-sms";
import { loader as lookup } from "../routes/api.v1.lookup";
import { action as voiceSend } from "../routes/api.v1.voice.send";
import { ERROR_CODE_LIST } from "./error-codes";

type Route = (args: ReturnType<typeof routeArgs>) => Promise<Response>;
type Case = {
  name: string;
  route: Route;
  path: string;
  json?: unknown;
  token?: true;
  params?: Record<string, string>;
  status: number;
  code: string;
  field: string | null;
};

const BUYER = { name: "Ana", surname: "Reyes", adult: true };
const SMS = { requesterName: "Ana", countryCode: "+63", phone: "9171234567" };
const VOICE = { senderName: "Ana", countryCode: "+63", phone: "9171234567", message: "Call me." };
const LINK = { requesterName: "Ana", title: "Dad's phone" };
const plain = (email: string) => ({ email, password: "new password 1", encrypted: false });

const CASES: Case[] = [
  // An e-mail address that is not one: the same answer on the four routes that take one.
  ...(
    [
      ["login", login, "/api/v1/auth/login", plain("ana@")],
      ["sendCode", sendCode, "/api/v1/auth/sendCode", { email: "ana@", type: 1 }],
      ["resetPassword", resetPassword, "/api/v1/auth/resetPassword", { ...plain("ana@"), verificationCode: "123456" }],
      ["registerAndSign", registerAndSign, "/api/v1/auth/registerAndSign/stripe", { ...BUYER, email: "ana@" }],
      ["sendEmail", sendEmail, "/api/v1/locate/sendEmail", { requesterName: "Ana", email: "ana@" }],
    ] as const
  ).map(([name, route, path, json]) => ({
    name: `${name}: an invalid e-mail address`,
    route,
    path,
    json,
    token: name === "sendEmail" || undefined,
    params: { provider: "stripe" },
    status: 400,
    code: "email_invalid",
    field: "email",
  })),
  // No e-mail address at all.
  ...(
    [
      ["login", login, "/api/v1/auth/login", plain("")],
      ["sendCode", sendCode, "/api/v1/auth/sendCode", { email: "", type: 1 }],
      ["registerAndSign", registerAndSign, "/api/v1/auth/registerAndSign/stripe", { ...BUYER, email: "" }],
    ] as const
  ).map(([name, route, path, json]) => ({
    name: `${name}: no e-mail address`,
    route,
    path,
    json,
    params: { provider: "stripe" },
    status: 400,
    code: "email_required",
    field: "email",
  })),
  // A field of the wrong type, named.
  ...(
    [
      ["login", login, "/api/v1/auth/login", { email: 7, password: "x" }, "email"],
      ["createLink", createLink, "/api/v1/locate/createLink", { ...LINK, requesterName: 7 }, "requesterName"],
      ["sendSms", sendSms, "/api/v1/locate/sendSms", { ...SMS, countryCode: "+63000" }, "countryCode"],
    ] as const
  ).map(([name, route, path, json, field]) => ({
    name: `${name}: ${field} of the wrong type or size`,
    route,
    path,
    json,
    token: name === "login" ? undefined : (true as const),
    status: 400,
    code: "field_invalid",
    field,
  })),
  // The requester's name: the document's bounds (1 to 60) with their own codes.
  {
    name: "createLink: a name of 61 characters",
    route: createLink,
    path: "/api/v1/locate/createLink",
    json: { ...LINK, requesterName: "a".repeat(61) },
    token: true,
    status: 400,
    code: "name_too_long",
    field: "requesterName",
  },
  {
    name: "createLink: an empty name",
    route: createLink,
    path: "/api/v1/locate/createLink",
    json: { ...LINK, requesterName: "" },
    token: true,
    status: 400,
    code: "name_required",
    field: "requesterName",
  },
  {
    name: "createLink: a name of spaces",
    route: createLink,
    path: "/api/v1/locate/createLink",
    json: { ...LINK, requesterName: "   " },
    token: true,
    status: 400,
    code: "name_required",
    field: "requesterName",
  },
  {
    name: "createLink: a name with a web address",
    route: createLink,
    path: "/api/v1/locate/createLink",
    json: { ...LINK, requesterName: "see evil.example" },
    token: true,
    status: 400,
    code: "name_has_contact",
    field: "requesterName",
  },
  {
    name: "createLink: a title of 61 characters",
    route: createLink,
    path: "/api/v1/locate/createLink",
    json: { ...LINK, title: "t".repeat(61) },
    token: true,
    status: 400,
    code: "title_too_long",
    field: "title",
  },
  // A phone number: missing or wrong, on each route that takes one.
  {
    name: "sendSms: no number",
    route: sendSms,
    path: "/api/v1/locate/sendSms",
    json: { ...SMS, phone: "" },
    token: true,
    status: 400,
    code: "phone_required",
    field: "phone",
  },
  {
    name: "sendSms: not a mobile number",
    route: sendSms,
    path: "/api/v1/locate/sendSms",
    json: { ...SMS, phone: "12" },
    token: true,
    status: 400,
    code: "phone_invalid",
    field: "phone",
  },
  {
    name: "voice/send: no number",
    route: voiceSend,
    path: "/api/v1/voice/send",
    json: { ...VOICE, phone: "" },
    token: true,
    status: 400,
    code: "phone_required",
    field: "phone",
  },
  {
    name: "voice/send: not a mobile number",
    route: voiceSend,
    path: "/api/v1/voice/send",
    json: { ...VOICE, phone: "12" },
    token: true,
    status: 400,
    code: "phone_invalid",
    field: "phone",
  },
  {
    name: "lookup: no number",
    route: lookup,
    path: "/api/v1/lookup",
    status: 400,
    code: "phone_required",
    field: "number",
  },
  {
    name: "lookup: an empty number",
    route: lookup,
    path: "/api/v1/lookup?number=",
    status: 400,
    code: "phone_required",
    field: "number",
  },
  {
    name: "lookup: not a number",
    route: lookup,
    path: "/api/v1/lookup?number=12",
    status: 400,
    code: "phone_invalid",
    field: "number",
  },
  // Query and path parameters out of their documented bounds.
  {
    name: "requests: a cursor that is not one",
    route: requests,
    path: "/api/v1/locate/requests?cursor=%21%21",
    token: true,
    status: 400,
    code: "field_invalid",
    field: "cursor",
  },
  {
    name: "registerQuery: an id of 2,000 characters",
    route: registerQuery,
    path: `/api/v1/personnal/registerQuery/${"x".repeat(2000)}`,
    params: { id: "x".repeat(2000) },
    status: 400,
    code: "field_invalid",
    field: "id",
  },
  // The buyer: presence and bounds in the schema, with the payment form's codes.
  {
    name: "registerAndSign: adult false",
    route: registerAndSign,
    path: "/api/v1/auth/registerAndSign/stripe",
    params: { provider: "stripe" },
    json: { ...BUYER, email: "ana@example.com", adult: false },
    status: 400,
    code: "adult_required",
    field: "adult",
  },
  {
    name: "registerAndSign: no name",
    route: registerAndSign,
    path: "/api/v1/auth/registerAndSign/stripe",
    params: { provider: "stripe" },
    json: { surname: "Reyes", email: "ana@example.com", adult: true },
    status: 400,
    code: "name_invalid",
    field: "name",
  },
  {
    name: "registerAndSign: a surname of 81 characters",
    route: registerAndSign,
    path: "/api/v1/auth/registerAndSign/stripe",
    params: { provider: "stripe" },
    json: { ...BUYER, surname: "r".repeat(81), email: "ana@example.com" },
    status: 400,
    code: "name_invalid",
    field: "surname",
  },
  // Who is calling.
  {
    name: "createLink: no token",
    route: createLink,
    path: "/api/v1/locate/createLink",
    json: LINK,
    status: 401,
    code: "token_invalid",
    field: null,
  },
  {
    name: "login: wrong password",
    route: login,
    path: "/api/v1/auth/login",
    json: plain("nobody@example.com"),
    status: 401,
    code: "credentials_invalid",
    field: null,
  },
];

describe("one error shape with stable codes", () => {
  it.each(CASES.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const token = c.token ? (await signedInUser()).token : undefined;
    for (const language of ["en", "id"]) {
      const headers: Record<string, string> = { "Accept-Language": language };
      if (token) headers.Authorization = `Bearer ${token}`;
      const answer = await c.route(
        routeArgs(
          apiRequest(c.path, { json: c.json, headers, method: c.json === undefined ? "GET" : "POST" }),
          c.params,
        ),
      );
      const body = await readEnvelope(answer);
      expect(answer.status).toBe(c.status);
      expect(body).toMatchObject({ status: c.status, code: c.code, field: c.field });
      // The spec's fields keep their meaning: text for people, in the asked language.
      expect(typeof body.message).toBe("string");
      expect(body.error).toBe(body.message);
      expect(ERROR_CODE_LIST).toContain(c.code);
    }
  });

  it("keeps sign-in's and registerAndSign's field lists for today's clients", async () => {
    const signIn = await readEnvelope(
      await login(routeArgs(apiRequest("/api/v1/auth/login", { json: plain("ana@") }))),
    );
    expect(signIn.data).toEqual({ fields: { email: expect.any(String) } });
    const buyer = await readEnvelope(
      await registerAndSign(
        routeArgs(apiRequest("/api/v1/auth/registerAndSign/stripe", { json: { ...BUYER, email: "ana@" } }), {
          provider: "stripe",
        }),
      ),
    );
    expect(buyer.data).toMatchObject({ field: "email", errors: { email: expect.any(String) } });
  });

  it("answers 401 to an invalid token on registerAndSign, whatever the address (no sign-up, nothing told)", async () => {
    const { email } = await signedInUser();
    for (const address of [email, "someone-new@example.com"]) {
      const answer = await registerAndSign(
        routeArgs(
          apiRequest("/api/v1/auth/registerAndSign/stripe", {
            json: { ...BUYER, email: address },
            headers: { Authorization: "Bearer 5x3eWbQ0tGm7yV2kLr9Pq4sHnZ8dA1fC6uJoXiKe" },
          }),
          { provider: "stripe" },
        ),
      );
      expect(answer.status).toBe(401);
      expect(await answer.json()).toMatchObject({ code: "token_invalid", field: null });
    }
  });

  it("lists every code in docs/api.md", () => {
    const text = readFileSync("docs/api.md", "utf8");
    expect(ERROR_CODE_LIST.filter((code) => !text.includes(`| \`${code}\` |`))).toEqual([]);
  });
});
