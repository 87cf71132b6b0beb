import { describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { getT } from "~/i18n/i18next.server";
import type { EmailProvider } from "~/providers/email.server";

import { allowConsoleError } from "../../tests/support/console";
import { formRequest, routeArgs, uniqueEmail } from "../../tests/support/factories";
import { replyTexts } from "../../tests/support/reply-text";
import { routeData } from "../../tests/support/route-data";
import { action, handle, loader } from "./contact-us";
import { submitContactMessage } from "./contact-us.server";

const valid = () => ({
  name: "Ana Santos",
  email: uniqueEmail("contact"),
  message: "How do I cancel my subscription?\n\nThank you.",
});
const post = (path: string, fields: Record<string, string>, ip = "198.51.100.20") =>
  routeData(action(routeArgs(formRequest(path, fields, { "x-client-ip": ip }))));

describe("/contact-us", () => {
  it("shows the intro with SEO data", async () => {
    const data = await loader(routeArgs(new Request("http://localhost:3000/id/contact-us")));
    expect(data.heading).not.toBe("");
    expect(data.intro).toMatch(/support@familylocator\.example/);
    expect(data.canonical).toBe("http://localhost:3000/id/contact-us");
  });

  it("stores a valid message, forwards it to CONTACT_EMAIL and redirects with a toast", async () => {
    const fields = valid();
    const res = await post("/ph/contact-us", fields, "198.51.100.21");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/ph/contact-us");
    expect(res.headers.get("Set-Cookie")).toMatch(/^flash=/);

    const stored = await db().contactMessage.findFirstOrThrow({ where: { email: fields.email } });
    expect(stored).toMatchObject({ name: "Ana Santos", message: fields.message, locale: "ph" });
    const [mail, ...more] = await db().outboxMessage.findMany({
      where: { to: "support@familylocator.example", text: { contains: fields.email } },
    });
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe("Contact form: Ana Santos");
    expect(mail!.text).toContain("How do I cancel my subscription?");
    expect(mail!.html).toContain(fields.email);
  });

  it("answers invalid input with 400, message keys the page translates and the values kept", async () => {
    const before = await db().contactMessage.count();
    const answer = await post("/contact-us", { name: " ", email: "not-an-address", message: "short" });
    expect(answer.status).toBe(400);
    expect(answer.data.errors.name).toBe("site.contact.errors.nameRequired");
    expect(replyTexts(answer.data, "en", handle)).toEqual({
      name: "Please enter your name.",
      email: "Please enter a valid e-mail address, such as name@example.com.",
      message: "Please write at least 10 characters.",
    });
    expect(answer.data.values).toEqual({ name: " ", email: "not-an-address", message: "short" });

    const id = await post("/id/contact-us", { name: "", email: "", message: "" });
    expect(id.status).toBe(400);
    const tId = await getT("id");
    expect(replyTexts(id.data, "id", handle)).toEqual({
      name: tId("site.contact.errors.nameRequired"),
      email: tId("site.contact.errors.emailRequired"),
      message: tId("site.contact.errors.messageRequired"),
    });
    expect(replyTexts(id.data, "id", handle).name).toMatch(/nama/i);
    const long = await post("/ph/contact-us", { ...valid(), message: "x".repeat(5001) });
    expect(replyTexts(long.data, "ph", handle)).toEqual({
      message: (await getT("ph"))("site.contact.errors.messageTooLong", { max: 5000 }),
    });
    expect(replyTexts(long.data, "ph", handle).message).toContain("5000");
    expect(await db().contactMessage.count()).toBe(before);
  });

  it("quietly drops a message whose honeypot is filled in", async () => {
    const fields = { ...valid(), website: "http://spam.example" };
    const res = await post("/contact-us", fields, "198.51.100.22");
    expect(res.status).toBe(302);
    expect(await db().contactMessage.count({ where: { email: fields.email } })).toBe(0);
    expect(await db().outboxMessage.count({ where: { text: { contains: fields.email } } })).toBe(0);
  });

  it("refuses the sixth message in an hour from one address with 429", async () => {
    const ip = "198.51.100.23";
    for (let i = 0; i < 5; i++) expect((await post("/contact-us", valid(), ip)).status).toBe(302);
    const fields = valid();
    const refused = await post("/contact-us", fields, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(replyTexts(refused.data, "en", handle).form).toMatch(/several messages in a short time/);
    expect(refused.data.values.email).toBe(fields.email);
    expect(await db().contactMessage.count({ where: { email: fields.email } })).toBe(0);
    // Another address is not affected.
    expect((await post("/contact-us", valid(), "198.51.100.24")).status).toBe(302);
  });

  it("keeps the message and reports the failure when forwarding fails", async () => {
    allowConsoleError();
    const failing: EmailProvider = { name: "sendgrid", send: async () => ({ ok: false, error: "503 from the API" }) };
    const fields = valid();
    const result = await submitContactMessage({ ...fields, locale: "en" }, failing);
    expect(result).toEqual({ ok: false, error: "503 from the API" });
    expect(await db().contactMessage.count({ where: { email: fields.email } })).toBe(1);
  });
});
