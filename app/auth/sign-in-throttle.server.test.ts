import { afterEach, describe, expect, it } from "vitest";

import { resetConfig } from "~/server/config.server";

import { awayFromWindowEnd } from "../../tests/support/clock";
import { createUser } from "../../tests/support/factories";
import {
  BACKOFF_BASE_MS,
  BACKOFF_MAX_MS,
  claimSignInAttempt,
  SIGN_IN_WINDOW_MS,
  sweepSignInThrottles,
} from "./sign-in-throttle.server";
import { signIn } from "./sign-in.server";

const attempt = (email: string, password: string, ip: string) => signIn({ email, password, encrypted: false }, ip);

afterEach(() => {
  delete process.env.LOGIN_LIMIT_PER_IP;
  resetConfig();
});

describe("sign-in throttling (failures only)", () => {
  it("a flood of wrong passwords from one address does not keep the owner out from another", async () => {
    const { email, password } = await createUser();
    for (let i = 0; i < 30; i++) await attempt(email, "wrong password", "203.0.113.66");
    expect(await attempt(email, password, "203.0.113.66")).toMatchObject({ ok: false, error: "throttled" });
    expect(await attempt(email, password, "198.51.100.23")).toMatchObject({ ok: true });
  });

  it("counts failures only: correct sign-ins never use up the allowance, and a match forgives earlier failures", async () => {
    const { email, password } = await createUser();
    for (let i = 0; i < 20; i++) expect(await attempt(email, password, "203.0.113.70")).toMatchObject({ ok: true });
    for (let i = 0; i < 4; i++)
      expect(await attempt(email, "wrong", "203.0.113.70")).toMatchObject({ error: "invalidCredentials" });
    expect(await attempt(email, password, "203.0.113.70")).toMatchObject({ ok: true });
    // Forgiven: five more free failures before the wait.
    for (let i = 0; i < 5; i++)
      expect(await attempt(email, "wrong", "203.0.113.70")).toMatchObject({ error: "invalidCredentials" });
    expect(await attempt(email, "wrong", "203.0.113.70")).toMatchObject({ error: "throttled" });
  });

  it("50 parallel guesses from one address compare at most the five free ones", async () => {
    const { email } = await createUser();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => attempt(email, `guess-${i}`, "203.0.113.71")),
    );
    const compared = results.filter((r) => !r.ok && r.error === "invalidCredentials").length;
    expect(compared).toBeLessThanOrEqual(5);
    expect(results.filter((r) => !r.ok && r.error === "throttled").length).toBeGreaterThanOrEqual(45);
  });

  it("past the free failures each one doubles the wait, up to an hour", async () => {
    const key = { ip: "203.0.113.72", email: "backoff@example.com" };
    let now = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 5; i++) expect((await claimSignInAttempt(key.ip, key.email, now)).ok).toBe(true);
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      const refused = await claimSignInAttempt(key.ip, key.email, now);
      if (refused.ok) throw new Error("expected a wait");
      waits.push(refused.retryAfterSeconds);
      now += refused.retryAfterSeconds * 1000;
      // The wait is over: one more failure is compared, and starts the next (longer) wait.
      expect((await claimSignInAttempt(key.ip, key.email, now)).ok).toBe(true);
    }
    const base = BACKOFF_BASE_MS / 1000;
    expect(waits).toEqual([
      base,
      base * 2,
      base * 4,
      base * 8,
      base * 16,
      base * 32,
      base * 64,
      BACKOFF_MAX_MS / 1000,
      BACKOFF_MAX_MS / 1000,
    ]);
    // A day without failures forgets the pair.
    expect(await sweepSignInThrottles(now + 2 * 24 * 3600_000)).toBeGreaterThan(0);
  });

  it("caps one address's failures across accounts (LOGIN_LIMIT_PER_IP), not other addresses", async () => {
    process.env.LOGIN_LIMIT_PER_IP = "3";
    resetConfig();
    const users = await Promise.all([createUser(), createUser(), createUser(), createUser()]);
    await awayFromWindowEnd(SIGN_IN_WINDOW_MS);
    for (const user of users.slice(0, 3))
      expect(await attempt(user.email, "wrong", "203.0.113.73")).toMatchObject({ error: "invalidCredentials" });
    const last = users[3]!;
    expect(await attempt(last.email, last.password, "203.0.113.73")).toMatchObject({ error: "throttled" });
    expect(await attempt(last.email, last.password, "203.0.113.74")).toMatchObject({ ok: true });
  });
});
