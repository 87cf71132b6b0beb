// The installed app's icons (the Web App Manifest, app/routes/manifest.webmanifest.ts): PNGs of
// public/favicon.svg at 192 and 512 px, drawn by the Chromium the browser tests already use (no image
// package). Run after changing the favicon: `npx tsx scripts/make-icons.ts`; the PNGs are committed.
// The "maskable" one keeps the mark inside the 80 % safe zone on a brand-coloured square, because
// launchers crop it to a circle or a squircle.
import { readFileSync } from "node:fs";
import path from "node:path";

import { chromium } from "@playwright/test";

import { chromiumExecutable } from "../tests/support/chromium-path.ts";

const svg = readFileSync("public/favicon.svg", "utf8");
const brand = /fill="(#[0-9a-f]{6})"/i.exec(svg)![1]!;
const browser = await chromium.launch({
  executablePath: (await chromiumExecutable()).path,
  args: ["--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage();
for (const [size, maskable] of [
  [192, false],
  [512, false],
  [512, true],
] as const) {
  await page.setViewportSize({ width: size, height: size });
  const inner = maskable ? Math.round(size * 0.8) : size;
  await page.setContent(
    `<body style="margin:0;background:${maskable ? brand : "transparent"};display:grid;place-items:center;height:${size}px">` +
      `<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}" width="${inner}" height="${inner}"></body>`,
  );
  await page.screenshot({
    path: path.join("public", `icon-${size}${maskable ? "-maskable" : ""}.png`),
    omitBackground: !maskable,
  });
}
await browser.close();
