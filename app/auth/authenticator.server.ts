import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";

import { clientIp } from "~/utils/client-ip.server";

import { signIn, type SignInResult } from "./sign-in.server";

/** The web sign-in form goes through remix-auth; the JSON API calls signIn directly. */
export const authenticator = new Authenticator<SignInResult>();

authenticator.use(
  new FormStrategy(async ({ form, request }) =>
    signIn(
      {
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? "").trim(),
        encrypted: form.get("encrypted") === "1",
      },
      clientIp(request),
    ),
  ),
  "password",
);
