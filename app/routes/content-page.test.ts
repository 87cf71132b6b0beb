import { describe, expect, it } from "vitest";

import { unpack } from "~/utils/packed";

import { routeArgs, signedInUser } from "../../tests/support/factories";
import { loader } from "./content-page";
import { loader as refundLoader } from "./unsubscribe-and-refund";

const page = (path: string, token?: string) =>
  new Request(`http://localhost:3000${path}`, { headers: token ? { Cookie: `token=${token}` } : {} });
// The refund page has its own module (it also takes a form); it answers like the others.
const load = async (path: string) => {
  const answer = await (path.includes("/unsubscribe-and-refund") ? refundLoader : loader)(routeArgs(page(path)));
  // The page's text is packed (app/utils/packed.ts): read it as the component does.
  return { ...answer, data: { ...answer.data, page: unpack(answer.data.page) } };
};

const PATHS = [
  "/about-us",
  "/privacy-policy",
  "/terms-of-use",
  "/cookies-policy",
  "/intellectual-property",
  "/unsubscribe-and-refund",
  "/faqs",
  "/tracking-phone-number",
  "/200",
];

describe("content pages", () => {
  it.each(PATHS)("%s has a heading and its own title in every language", async (path) => {
    const headings = new Set<string>();
    for (const prefix of ["", "/id", "/ph"]) {
      const { data } = await load(`${prefix}${path}`);
      expect(data.page.heading).not.toBe("");
      expect(data.title).toMatch(/Family Locator/);
      expect(data.description.length).toBeGreaterThan(20);
      expect(data.canonical).toBe(`http://localhost:3000${prefix}${path}`);
      headings.add(data.page.heading);
    }
    expect(headings.size, "translated headings").toBe(3);
  });

  it("shows the legal pages' sections and last update", async () => {
    const { data } = await load("/privacy-policy");
    expect(data.page.sections.length).toBeGreaterThan(5);
    expect(data.page.updated).toBe("Last updated: November 27, 2026");
    expect((await load("/id/terms-of-use")).data.page.updated).toBe("Terakhir diperbarui: 1 November 2026");
  });

  it.each(["", "/id", "/ph"])(
    "%s: the cookie and privacy policies name every cookie and the device report",
    async (prefix) => {
      const text = (sections: { heading: string; paragraphs: string[]; list?: string[] }[]) =>
        sections.map((s) => [s.heading, ...s.paragraphs, ...(s.list ?? [])].join(" ")).join(" ");
      const cookies = text((await load(`${prefix}/cookies-policy`)).data.page.sections);
      for (const name of [
        "token",
        "flash",
        "lng",
        "tz",
        "visitor_id",
        "FB_visitor_id",
        "cookie_consent",
        "deviceReportSent:",
        "buildReloadAt",
      ]) {
        expect(cookies).toContain(`${name} `.trimEnd());
      }
      expect(cookies).toMatch(/31[.,]536[.,]000/);
      expect(cookies).toContain("SameSite=Lax, Secure");
      expect(cookies).toContain("FingerprintJS");
      expect(cookies).toContain("90");
      const privacy = text((await load(`${prefix}/privacy-policy`)).data.page.sections);
      expect(privacy).toContain("FB_");
      expect(privacy).toContain("90");
      expect((await load(`${prefix}/cookies-policy`)).data.page.consentSettings).toBe(true);
      expect((await load(`${prefix}/privacy-policy`)).data.page.consentSettings).toBe(false);
    },
  );

  it("lists every FAQ, including the one on how long results take", async () => {
    const { data } = await load("/faqs/");
    expect(data.page.sections).toHaveLength(12);
    expect(data.page.sections.map((s) => s.paragraphs.join(" ")).join(" ")).toMatch(
      /within minutes\. Some take up to 24 hours/,
    );
    expect(data.canonical).toBe("http://localhost:3000/faqs");
  });

  it("shows the refund form on the refund page only", async () => {
    expect((await load("/unsubscribe-and-refund")).data.page.refundForm).toBe(true);
    expect((await load("/ph/unsubscribe-and-refund")).data.page.refundForm).toBe(true);
    expect((await load("/privacy-policy")).data.page.refundForm).toBe(false);
  });

  it("answers /404 with the error page's 404 (the same as any missing address), /200 with 200", async () => {
    for (const [path, message] of [
      ["/404", "Page not found"],
      ["/ph/404", "Hindi nahanap ang pahina"],
    ] as const) {
      const thrown = await loader(routeArgs(page(path))).catch((error: unknown) => error);
      expect(thrown).toMatchObject({ init: { status: 404 } });
      expect((thrown as { data: string }).data.toLowerCase()).toBe(message.toLowerCase());
    }
    const ok = await load("/id/200");
    expect(ok.init?.status).toBe(200);
    expect(ok.data.page.intro).toMatch(/OK/);
  });

  it("sends a signed-in visitor to the dashboard", async () => {
    const { token } = await signedInUser();
    try {
      await loader(routeArgs(page("/ph/faqs", token)));
      expect.unreachable();
    } catch (error) {
      expect((error as Response).headers.get("Location")).toBe("/ph/dashboard/");
    }
  });
});
