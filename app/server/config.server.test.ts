// Settings that exist only for tests (`TEST_…`: the providers' API addresses pointed at local fakes)
// are refused by a live server, and their former names are refused by name in every mode.
import { describe, expect, it } from "vitest";

import { loadConfig, SETTING_NAMES, TEST_SETTING_NAMES } from "./config.server";

type Env = Record<string, string>;
const LIVE: Env = { NODE_ENV: "production", APP_MODE: "live" };
/** loadConfig reads the environment as Node types it; the cases here are plain maps of names. */
const load = (env: Env) => loadConfig(env as NodeJS.ProcessEnv);

describe("test-only settings", () => {
  it("TEST_WITHOUT_TRICKS names speed tricks only", () => {
    expect(() => load({ TEST_WITHOUT_TRICKS: "packed, raw-reads" })).not.toThrow();
    expect(() => load({ TEST_WITHOUT_TRICKS: "packed,caching" })).toThrow('"caching" is not one of route-subsets');
  });

  it("are the TEST_ settings: the providers' API addresses, the pixel's and analytics' script origins, the bench's tricks", () => {
    expect(TEST_SETTING_NAMES.sort()).toEqual(
      [
        "TEST_SENDGRID_BASE_URL",
        "TEST_TWILIO_BASE_URL",
        "TEST_STRIPE_API_HOST",
        "TEST_STRIPE_API_PORT",
        "TEST_STRIPE_API_PROTOCOL",
        "TEST_PAYPAL_API_BASE",
        "TEST_META_PIXEL_SCRIPT_URL",
        "TEST_CLARITY_ORIGIN",
        "TEST_WITHOUT_TRICKS",
      ].sort(),
    );
  });

  it.each(TEST_SETTING_NAMES)("APP_MODE=live refuses %s, naming it", (name) => {
    const value =
      name === "TEST_STRIPE_API_PORT"
        ? "4242"
        : name === "TEST_STRIPE_API_PROTOCOL"
          ? "http"
          : name.endsWith("HOST")
            ? "127.0.0.1"
            : name === "TEST_WITHOUT_TRICKS"
              ? "packed"
              : "http://127.0.0.1:4242";
    expect(() => load({ ...LIVE, [name]: value })).toThrow(
      `Invalid configuration: ${name}: for tests only, refused when APP_MODE is live`,
    );
  });

  it("npm run serve's default mode (production without APP_MODE) is live, and refuses them too", () => {
    expect(() =>
      load({
        NODE_ENV: "production",
        TEST_SENDGRID_BASE_URL: "http://127.0.0.1:1",
        TEST_TWILIO_BASE_URL: "http://127.0.0.1:2",
      }),
    ).toThrow("TEST_SENDGRID_BASE_URL, TEST_TWILIO_BASE_URL: for tests only, refused when APP_MODE is live");
  });

  it("sandbox, demo, development and tests take them, and hand them to the providers", () => {
    for (const env of [
      { NODE_ENV: "production", APP_MODE: "sandbox" },
      { NODE_ENV: "production", APP_MODE: "demo" },
      { NODE_ENV: "development" },
      { NODE_ENV: "test" },
    ] as Env[]) {
      const c = load({
        ...env,
        TEST_SENDGRID_BASE_URL: "http://127.0.0.1:1",
        TEST_STRIPE_API_PORT: "4242",
        TEST_CLARITY_ORIGIN: "http://127.0.0.1:3",
        CLARITY_ID: "testclarity",
      });
      expect(c.TEST_SENDGRID_BASE_URL).toBe("http://127.0.0.1:1");
      expect(c.TEST_STRIPE_API_PORT).toBe(4242);
      expect(c.thirdParty.analytics).toEqual({ id: "testclarity", origin: "http://127.0.0.1:3" });
    }
  });

  it("a live server without them loads the providers' own addresses", () => {
    const c = load({ ...LIVE, META_PIXEL_ID: "1234567890", CLARITY_ID: "testclarity" });
    expect(c.thirdParty.pixel?.scriptUrl).toBe("https://connect.facebook.net/en_US/fbevents.js");
    expect(c.thirdParty.analytics?.origin).toBe("https://www.clarity.ms");
    expect(c.TEST_SENDGRID_BASE_URL).toBeUndefined();
  });

  it.each([
    ["SENDGRID_BASE_URL", "http://127.0.0.1:1"],
    ["TWILIO_BASE_URL", "http://127.0.0.1:1"],
    ["STRIPE_API_HOST", "127.0.0.1"],
    ["STRIPE_API_PORT", "4242"],
    ["STRIPE_API_PROTOCOL", "http"],
    ["PAYPAL_API_BASE", "http://127.0.0.1:1"],
    ["META_PIXEL_SCRIPT_URL", "http://127.0.0.1:1/fbevents.js"],
    ["CLARITY_ORIGIN", "http://127.0.0.1:1"],
  ])("the former name %s is refused by name in every mode, with the TEST_ name that replaced it", (name, value) => {
    expect(SETTING_NAMES).not.toContain(name);
    for (const env of [LIVE, { NODE_ENV: "test" }] as Env[])
      expect(() => load({ ...env, [name]: value })).toThrow(
        `Invalid configuration: ${name}: replaced by TEST_${name} (tests only)`,
      );
  });
});
