// The toast values of spec section 9 that sonner does not take as props are its own constants: a
// different sonner (1.7 swiped at 20 px) must fail here rather than change the product unseen.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

import { expect, it } from "vitest";

import { TOAST } from "./toasts";

const require = createRequire(import.meta.url);
const sonnerDist = readFileSync(path.join(path.dirname(require.resolve("sonner")), "index.mjs"), "utf8");
const constant = (name: string) => Number(new RegExp(`\\b${name} = (\\d+)`).exec(sonnerDist)?.[1]);

it("uses the specification's toast values", () => {
  expect(TOAST).toEqual({ duration: 4000, visible: 3, gap: 14, hotkey: ["altKey", "KeyT"] });
  expect(constant("TOAST_WIDTH")).toBe(356);
  expect(constant("SWIPE_THRESHOLD")).toBe(45);
  expect(constant("TIME_BEFORE_UNMOUNT")).toBe(200);
});
