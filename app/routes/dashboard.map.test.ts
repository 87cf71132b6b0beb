// The dashboard's map settings: street tiles only when MAP_TILE_URL names a server, the drawing of the
// page's positions on Natural Earth's outlines always, and a Content-Security-Policy that follows.
import { afterEach, describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { contentSecurityPolicy } from "~/http/csp.server";
import { sharePrecise } from "~/location-requests/answer.server";
import { resetConfig } from "~/server/config.server";

import { formRequest, routeArgs, signedInUser } from "../../tests/support/factories";
import { action, loader } from "./dashboard";

const load = async (path: string, token: string) =>
  (await loader(routeArgs(new Request(`http://localhost:3000${path}`, { headers: { Cookie: `token=${token}` } }))))
    .data;

async function locatedLink() {
  const { token, user } = await signedInUser();
  await action(
    routeArgs(
      formRequest(
        "/dashboard/?tab=new",
        { intent: "link", title: "Lola's phone", name: "Ana", language: "en" },
        { Cookie: `token=${token}` },
      ),
    ),
  );
  const row = await db().locationRequest.findFirstOrThrow({ where: { userId: user.id } });
  await sharePrecise(row.code, { latitude: -6.2088, longitude: 106.8456, accuracyMeters: 20 });
  return { token, id: row.id };
}

afterEach(() => {
  delete process.env.MAP_TILE_URL;
  resetConfig();
});

describe("the dashboard map", () => {
  it("without MAP_TILE_URL: no tile server, no tile origin in the policy, the outlines drawn around the place", async () => {
    const { token, id } = await locatedLink();
    const records = await load("/dashboard/?tab=records", token);
    expect(records.map?.tileUrl).toBeNull();
    const basemap = records.map?.basemap;
    expect(basemap?.land.length).toBeGreaterThan(1000);
    expect(basemap?.marks).toEqual([
      expect.objectContaining({ id, precise: true, x: 500, y: 500, latitude: -6.2088, longitude: 106.8456 }),
    ]);
    expect(basemap?.marks[0]?.place).toBe(records.list?.items[0]?.address);
    expect(basemap?.marks[0]?.place).toBeTruthy();
    // One request on its own gets the same drawing.
    const detail = await load(`/dashboard/?tab=records&id=${id}`, token);
    expect(detail.map?.basemap?.marks).toHaveLength(1);
    expect(contentSecurityPolicy("n", { tags: false })).toMatch(/img-src 'self' data: blob:;/);
  });

  it("with MAP_TILE_URL: its template and its origin in the policy, and the drawing for the page before JavaScript", async () => {
    process.env.MAP_TILE_URL = "https://{s}.tiles.example.org/{z}/{x}/{y}.png";
    resetConfig();
    const { token } = await locatedLink();
    const records = await load("/dashboard/?tab=records", token);
    expect(records.map?.tileUrl).toBe("https://{s}.tiles.example.org/{z}/{x}/{y}.png");
    expect(records.map?.basemap?.marks).toHaveLength(1);
    expect(contentSecurityPolicy("n", { tags: false })).toContain(
      "img-src 'self' data: blob: https://*.tiles.example.org;",
    );
  });

  it("pages without positions carry no drawing", async () => {
    const { token } = await signedInUser();
    expect((await load("/dashboard/?tab=records", token)).map?.basemap).toBeNull();
    expect((await load("/dashboard/?tab=history", token)).map).toBeNull();
  });

  it("refuses a MAP_TILE_URL that is not a tile template", () => {
    process.env.MAP_TILE_URL = "https://tiles.example.org/map.png";
    resetConfig();
    expect(() => contentSecurityPolicy("n", { tags: false })).toThrow(/MAP_TILE_URL/);
  });
});
