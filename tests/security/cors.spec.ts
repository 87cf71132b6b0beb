// Browser access to the JSON API from another origin, in Chromium against a real server with
// API_CORS_ORIGINS: a page of the listed origin reads the API's answers (and its errors), without
// credentials only; a page of any other origin cannot read them. Origins here: http://127.0.0.1:port
// (listed) and http://localhost:port (the server's own, not listed), both this server. The pages are
// its robots.txt (no Content-Security-Policy restricts their scripts). JavaScript only: without it no
// page can call the API.
import { expect, test } from "../e2e/support/fixtures.ts";
import { SPAWN_PORT, startSecondServer, waitUntilListening, type Started } from "../e2e/support/second-server.ts";

let server: Started;
let port = 0;

test.beforeEach(async ({ js }) => {
  test.skip(!js, "a cross-origin call needs the page's JavaScript");
  test.setTimeout(60_000);
  port = SPAWN_PORT + 8;
  server = startSecondServer({
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    API_CORS_ORIGINS: `http://127.0.0.1:${port}`,
    // The partner's page is this server under its other name, which it must answer to (421 otherwise).
    ALLOWED_HOSTS: "127.0.0.1",
  });
  await waitUntilListening(server, `http://localhost:${port}`);
});
test.afterEach(async () => {
  await server?.stop();
});

type Outcome =
  { status: number; body: { status: number; message: string }; retryAfter: string | null } | { failed: string };

test("a listed origin's page calls the API without credentials; another origin's page cannot", async ({
  page,
  consoleErrors,
}) => {
  // Chromium reports each refused cross-origin answer, the 401 asked for and robots.txt's missing
  // favicon on the console.
  consoleErrors.allow(/CORS policy|Failed to fetch|ERR_FAILED|status of 401 .*\/api\/v1\/auth\/login|favicon\.ico/);
  const call = (url: string, init: RequestInit) =>
    page.evaluate(
      async ([url, init]) => {
        try {
          const answer = await fetch(url, init);
          return { status: answer.status, body: await answer.json(), retryAfter: answer.headers.get("Retry-After") };
        } catch (error) {
          return { failed: String(error) };
        }
      },
      [url, init] as const,
    ) as Promise<Outcome>;
  const api = `http://localhost:${port}/api/v1`;

  await page.goto(`http://127.0.0.1:${port}/robots.txt`);
  const key = await call(`${api}/auth/publicKey`, { headers: { APP: "partner" } });
  expect(key).toMatchObject({ status: 200, body: { status: 200 } });
  // A preflighted POST (APP and a JSON body): the error answer is readable too.
  const login = await call(`${api}/auth/login`, {
    method: "POST",
    headers: { APP: "partner", "Content-Type": "application/json" },
    body: JSON.stringify({ email: "nobody@example.com", password: "wrong password", encrypted: false }),
  });
  expect(login).toMatchObject({ status: 401, body: { message: "The e-mail address or password is incorrect." } });
  // Never with credentials: the browser refuses to hand over an answer that needed cookies.
  const withCookies = await call(`${api}/auth/publicKey`, { headers: { APP: "partner" }, credentials: "include" });
  expect(withCookies).toMatchObject({ failed: expect.stringContaining("TypeError") });

  // The server's own origin is not listed: its page cannot read the API at 127.0.0.1.
  await page.goto(`http://localhost:${port}/robots.txt`);
  const stranger = await call(`http://127.0.0.1:${port}/api/v1/auth/publicKey`, { headers: { APP: "partner" } });
  expect(stranger).toMatchObject({ failed: expect.stringContaining("TypeError") });
});
