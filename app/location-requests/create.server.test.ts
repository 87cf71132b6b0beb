import { afterEach, describe, expect, it, vi } from "vitest";

import { db } from "~/db/db.server";
import { createLocationRequest } from "~/location-requests/create.server";
import { recipientRef } from "~/location-requests/recipient-controls.server";

import { createUser } from "../../tests/support/factories";

// The renderer can be made to throw for one test; otherwise it is the real one.
const renderControl = vi.hoisted(() => ({ fail: false }));
vi.mock("~/emails/render.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/emails/render.server")>();
  return {
    ...real,
    renderEmail: (...args: Parameters<typeof real.renderEmail>) => {
      if (renderControl.fail) throw new Error("template exploded");
      return real.renderEmail(...args);
    },
  };
});
afterEach(() => {
  renderControl.fail = false;
});

const slot = (key: string) => db().usageSlot.findUnique({ where: { key } });

describe("the three-hour slot", () => {
  it("is given back when the request row cannot be stored", async () => {
    // No such user: the insert fails on the foreign key after the slot was claimed.
    const input = { userId: "no-such-user", channel: "link" as const, requesterName: "Ana", locale: "en" as const };
    await expect(createLocationRequest(input)).rejects.toThrow();
    expect(await slot("link:no-such-user")).toBeNull();
  });

  it("is given back when the message cannot be rendered, and a retry may send at once", async () => {
    const { user } = await createUser();
    const input = {
      userId: user.id,
      channel: "email" as const,
      target: "rosa@example.com",
      requesterName: "Ana",
      locale: "en" as const,
    };
    renderControl.fail = true;
    await expect(createLocationRequest(input)).rejects.toThrow("template exploded");
    expect(await slot(`email:${user.id}`)).toBeNull();
    renderControl.fail = false;
    expect((await createLocationRequest(input)).ok).toBe(true);
    expect(await slot(`email:${user.id}`)).not.toBeNull();
  });

  it("keeps an earlier use when a failed attempt gives its claim back", async () => {
    const { user } = await createUser();
    const earlier = BigInt(Date.now() - 4 * 3600 * 1000);
    renderControl.fail = true;
    await db().usageSlot.create({ data: { key: `email:${user.id}`, lastAtMs: earlier } });
    const input = {
      userId: user.id,
      channel: "email" as const,
      target: "rosa@example.com",
      requesterName: "Ana",
      locale: "en" as const,
    };
    await expect(createLocationRequest(input)).rejects.toThrow();
    expect((await slot(`email:${user.id}`))?.lastAtMs).toBe(earlier);
  });
});

describe("the location-request e-mail", () => {
  it("links the consent page with a real anchor (button and wrapping URL) in the recipient's language", async () => {
    const { user } = await createUser();
    const created = await createLocationRequest({
      userId: user.id,
      channel: "email",
      target: "rosa@example.com",
      requesterName: "Ana",
      locale: "ph",
    });
    if (!created.ok) throw new Error("not sent");
    expect(created.request.link).toBe(`http://localhost:3000/ph/${created.request.code}`);
    // The e-mail carries the recipient's own link: the code and the key the requester never sees.
    const link = `http://localhost:3000/ph/${await recipientRef(created.request.code)}`;
    const mail = await db().outboxMessage.findFirstOrThrow({
      where: { channel: "email", to: "rosa@example.com" },
      orderBy: { createdAt: "desc" },
    });
    const anchors = [...mail.html!.matchAll(/<a href="([^"]+)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(anchors).toContainEqual([link, "Buksan ang kahilingan"]);
    expect(anchors).toContainEqual([link, link]);
    // The URL wraps anywhere rather than widening a narrow screen.
    expect(mail.html).toMatch(/overflow-wrap:anywhere[^>]*><a href="http:\/\/localhost:3000\/ph\//);
    expect(mail.html).not.toContain('monospace;letter-spacing:4px;color:#1d4ed8;margin:8px 0 24px">http');
    expect(mail.text).toContain(link);
  });
});
