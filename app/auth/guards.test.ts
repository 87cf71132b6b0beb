import { describe, expect, it } from "vitest";

import { createSession, revokeSession } from "~/auth/session.server";
import { loader as dashboardLoader } from "~/routes/dashboard";
import { loader as homeLoader } from "~/routes/home";

import { createUser, routeArgs, signedInUser, thrownResponse } from "../../tests/support/factories";

const page = (path: string, token?: string) =>
  new Request(`http://localhost:3000${path}`, { headers: token ? { Cookie: `token=${token}` } : {} });

describe("page guards", () => {
  it("sends visitors without a token from /dashboard to / (in their language)", async () => {
    expect((await thrownResponse(dashboardLoader(routeArgs(page("/dashboard"))))).headers.get("Location")).toBe("/");
    expect((await thrownResponse(dashboardLoader(routeArgs(page("/id/dashboard/"))))).headers.get("Location")).toBe(
      "/id",
    );
  });

  it("clears a revoked token and says the login expired", async () => {
    const { user } = await createUser();
    const { token } = await createSession(user.id);
    await revokeSession(token);
    const res = await thrownResponse(dashboardLoader(routeArgs(page("/ph/dashboard", token))));
    expect(res.headers.get("Location")).toBe("/ph");
    const cookies = res.headers.get("Set-Cookie") ?? "";
    expect(cookies).toMatch(/token=;.*Max-Age=0/);
    expect(cookies).toMatch(/flash=/);
  });

  it("lets an active subscriber in and reads the subscription each time", async () => {
    const { token } = await signedInUser();
    const { data } = await dashboardLoader(routeArgs(page("/dashboard/", token)));
    expect(data.subscription).toMatchObject({ state: "Active", expiredStatus: 0 });
    expect(data.expiredNotice).toBe(false);
  });

  it("sends an expired subscriber to /dashboard/?s=-1&at=10, which shows the notice", async () => {
    const { token } = await signedInUser({ days: -2 });
    const res = await thrownResponse(dashboardLoader(routeArgs(page("/id/dashboard", token))));
    expect(res.headers.get("Location")).toBe("/id/dashboard/?s=-1&at=10");
    const { data } = await dashboardLoader(routeArgs(page("/id/dashboard/?s=-1&at=10", token)));
    expect(data.expiredNotice).toBe(true);
  });

  it("lets an expired subscriber who has seen the notice read every tab, and only them", async () => {
    const { token, user } = await signedInUser({ days: -2 });
    const notice = await dashboardLoader(routeArgs(page("/ph/dashboard/?s=-1&at=10", token)));
    const seen = /^(expired_seen=[^;]*)/.exec(new Headers(notice.init?.headers).get("Set-Cookie") ?? "")?.[1];
    expect(seen).toBe(`expired_seen=${user.id}`);
    const withSeen = (path: string, cookie = seen) =>
      new Request(`http://localhost:3000${path}`, { headers: { Cookie: `token=${token}; ${cookie}` } });
    for (const tab of ["history", "new", "records", "link", "email"]) {
      const { data } = await dashboardLoader(routeArgs(withSeen(`/ph/dashboard/?tab=${tab}`)));
      expect(data.tab).toBe(tab);
      expect(data.expiredNotice).toBe(false);
      expect(data.subscription.access).toBe(false);
    }
    // Another account's marker does not open this one's dashboard.
    const other = await thrownResponse(
      dashboardLoader(routeArgs(withSeen("/dashboard/", "expired_seen=someone-else"))),
    );
    expect(other.headers.get("Location")).toBe("/dashboard/?s=-1&at=10");
  });

  it("keeps a cancelled subscription usable until its end", async () => {
    const { token } = await signedInUser({ state: "cancelled", days: 3 });
    const { data } = await dashboardLoader(routeArgs(page("/dashboard", token)));
    expect(data.subscription.state).toBe("Cancelled");
  });

  it("sends a signed-in visitor from a public page to the dashboard", async () => {
    const { token } = await signedInUser();
    expect((await thrownResponse(homeLoader(routeArgs(page("/", token))))).headers.get("Location")).toBe("/dashboard/");
    expect((await thrownResponse(homeLoader(routeArgs(page("/ph/", token))))).headers.get("Location")).toBe(
      "/ph/dashboard/",
    );
    // The home page answers with a status (400 for a refused number search), so its data is wrapped.
    await expect(homeLoader(routeArgs(page("/")))).resolves.toHaveProperty("data.title");
  });
});
