// What a second server with other settings shows: the pages name the configured support address and
// retention period in every language; with a number lookup provider the searching modal has its
// carrier step; and a start on a port already in use fails with one sentence.
import { startTwilioFake } from "../fakes/twilio.ts";
import { PORT } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { tr as text, type Locale } from "./support/i18n.ts";
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
  const server = startSecondServer({
    PORT: String(port),
    PUBLIC_URL: base,
    CONTACT_EMAIL: "help@family.example.org",
    RETENTION_DAYS: "7",
  });
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
    await server.stop(page);
  }
});

test("with a lookup provider the searching modal shows the carrier step, before city and location", async ({
  page,
  js,
}) => {
  test.setTimeout(90_000);
  // Twilio Lookup v2's answer for a Philippine mobile, from a local fake.
  const twilio = await startTwilioFake();
  const port = SPAWN_PORT + (js ? 2 : 3);
  const base = `http://localhost:${port}`;
  const server = startSecondServer({
    PORT: String(port),
    PUBLIC_URL: base,
    TWILIO_ACCOUNT_SID: "AC1",
    TWILIO_AUTH_TOKEN: "t",
    TEST_TWILIO_BASE_URL: twilio.origin,
  });
  try {
    await waitUntilListening(server, base);
    for (const [locale, prefix] of [
      ["en", ""],
      ["id", "/id"],
      ["ph", "/ph"],
    ] as [Locale, string][]) {
      await page.goto(`${base}${prefix}/?modal=search&country=PH&number=0917+123+4567`);
      const modal = page.locator("#search-modal");
      await expect(modal.locator(".search-steps > li")).toHaveCount(4);
      expect(
        await modal
          .locator(".search-steps > li")
          .evaluateAll((steps) => steps.map((li) => li.getAttribute("data-step"))),
      ).toEqual(["number", "region", "carrier", "location"]);
      await expect(modal.locator("[data-fact=carrier] dt")).toHaveText(text(locale, "home.search.facts.carrier"));
      await expect(modal.locator("[data-fact=carrier] dd")).toHaveText("Globe Telecom");
      await expect(modal.locator("[data-step=location]")).toHaveAttribute("data-state", "waiting");
    }
  } finally {
    await server.stop(page);
    await twilio.close();
  }
});

test("a start on a port already in use says so in one sentence and exits with 1", async () => {
  // The e2e server holds PORT.
  const server = startSecondServer({ PORT: String(PORT) });
  expect(await server.exited).toBe(1);
  // What it printed before (the database, the providers) may stand above; the failure is one sentence
  // at the end, with no stack trace.
  const lines = server
    .output()
    .split("\n")
    .filter((line) => line.trim());
  expect(lines.filter((line) => line.includes("could not start"))).toEqual([
    `Family Locator could not start: port ${PORT} is already in use: stop the program that listens there or set PORT to a free port.`,
  ]);
  expect(lines.at(-1)).toMatch(/could not start/);
  expect(server.output()).not.toMatch(/\n\s+at /);
});
