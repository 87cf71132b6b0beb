// What the measured pages need, made through the app's own HTTP interface (as a client would): the
// demo subscriber's API token and web session, and a location request whose consent page exists.
const APP_ID = "bench";

async function json(response: Response, what: string) {
  const body = (await response.json().catch(() => null)) as { data?: unknown; msg?: string } | null;
  if (!response.ok || !body?.data) throw new Error(`${what}: HTTP ${response.status} ${JSON.stringify(body)}`);
  return body.data;
}

export type Fixtures = { token: string; cookie: string; code: string; apiHeaders: Record<string, string> };

export async function makeFixtures(
  origin: string,
  email = "demo@example.com",
  password = "demo1234",
): Promise<Fixtures> {
  // The API token (POST /api/v1/auth/login with `encrypted: false`, as an integrator over TLS would).
  const login = (await json(
    await fetch(`${origin}/api/v1/auth/login`, {
      method: "POST",
      headers: { APP: APP_ID, "Content-Type": "application/json" },
      body: JSON.stringify({ email, password, encrypted: false }),
    }),
    "API sign-in",
  )) as { token: string };
  const apiHeaders = { APP: APP_ID, Authorization: `Bearer ${login.token}` };

  // A short link to a consent page (POST /api/v1/locate/createLink).
  const link = (await json(
    await fetch(`${origin}/api/v1/locate/createLink`, {
      method: "POST",
      headers: { ...apiHeaders, "Content-Type": "application/json" },
      body: JSON.stringify({ requesterName: "Ana", title: "Benchmark", locale: "en" }),
    }),
    "create link",
  )) as { code: string };

  // The web session: the sign-in form, as a browser without JavaScript posts it.
  const form = await fetch(`${origin}/auth/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    body: new URLSearchParams({ email, password, returnTo: "/" }),
  });
  const session = form.headers.getSetCookie().find((c) => !c.startsWith("flash="));
  if (form.status !== 302 || !session) throw new Error(`web sign-in: HTTP ${form.status}, no session cookie`);
  return { token: login.token, cookie: session.split(";")[0]!, code: link.code, apiHeaders };
}
