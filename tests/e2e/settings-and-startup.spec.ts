// What a second server with other settings shows: the pages name the configured support address and
// retention period in every language; and a start on a port already in use fails with one sentence.
import { expect, test } from "./support/fixtures.ts";
import { PORT } from "./support/env.ts";
import { SPAWN_PORT, startSecondServer, waitUntilListening } from "./support/second-server.ts";

const LOCALES = [
  { prefix: "", retention: "7 days" },
  { prefix: "/id", retention: "7 hari" },
  { prefix: "/ph", retention: "7 araw" },
];

test("the pages name CONTACT_EMAIL and RETENTION_DAYS in every language", async ({ page, js }) => {
  test.setTimeout(90_000);
  const port = SPAWN_PORT + (js ? 0 : 1);
  const base = `http://localhost:${port}`;
  const server = startSecondServer({ PORT: String(port), PUBLIC_URL: base, CONTACT_EMAIL: "help@family.example.org", RETENTION_DAYS: "7" });
  try {
    await waitUntilListening(server, base);
    for (const { prefix, retention } of LOCALES) {
      for (const [path, texts] of [
        ["/privacy-policy", ["help@family.example.org", retention]],
        ["/faqs", [retention]],
        ["/contact-us", ["help@family.example.org"]],
        ["/terms-of-use", ["help@family.example.org"]],
        ["/", [retention]],
      ] as const) {
        await page.goto(`${base}${prefix}${path}`);
        const main = page.locator("main");
        for (const text of texts) await expect(main, `${prefix}${path}`).toContainText(text);
        await expect(main).not.toContainText("support@familylocator.example");
        await expect(main).not.toContainText("{{");
      }
    }
  } finally {
    await server.stop();
  }
});

test("a start on a port already in use says so in one sentence and exits with 1", async () => {
  // The e2e server holds PORT.
  const server = startSecondServer({ PORT: String(PORT) });
  expect(await server.exited).toBe(1);
  const lines = server.output().split("\n").filter((line) => line.trim());
  expect(lines).toEqual([`Family Locator could not start: port ${PORT} is already in use: stop the program that listens there or set PORT to a free port.`]);
});
