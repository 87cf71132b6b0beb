import { afterEach, describe, expect, it, vi } from "vitest";

import { db } from "~/db/db.server";

import { startFake } from "../../tests/fakes/http";
import { allowConsoleError } from "../../tests/support/console";
import { outboxEmailProvider, sendgridEmailProvider } from "./email.server";

const message = { to: "ana@example.com", subject: "Hello", text: "Plain", html: "<p>Plain</p>" };
let fake: Awaited<ReturnType<typeof startFake>> | undefined;
afterEach(async () => fake?.close());

describe("SendGrid provider (real SDK, local fake API)", () => {
  it("posts the message to /v3/mail/send with the API key", async () => {
    fake = await startFake((_req, res) => {
      res.writeHead(202, { "X-Message-Id": "msg-123" }).end();
    });
    const result = await sendgridEmailProvider("SG.test-key", "no-reply@example.com", fake.origin).send(message);
    expect(result).toEqual({ ok: true, id: "msg-123" });
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: "POST", url: "/v3/mail/send" });
    expect(request!.headers.authorization).toBe("Bearer SG.test-key");
    const body = JSON.parse(request!.body);
    expect(body.from.email).toBe("no-reply@example.com");
    expect(body.personalizations[0].to[0].email).toBe("ana@example.com");
    expect(body.content.map((c: { type: string }) => c.type)).toEqual(["text/plain", "text/html"]);
  });

  it("reports the API's error answer as a failure", async () => {
    allowConsoleError();
    fake = await startFake((_req, res) => {
      res
        .writeHead(401, { "Content-Type": "application/json" })
        .end(JSON.stringify({ errors: [{ message: "bad key" }] }));
    });
    const result = await sendgridEmailProvider("SG.bad", "no-reply@example.com", fake.origin).send(message);
    expect(result.ok).toBe(false);
  });
  it("warns when it is made, before any e-mail, about a key that is not SendGrid's", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      sendgridEmailProvider("not-a-sendgrid-key", "no-reply@example.com");
      expect(warn).toHaveBeenCalledWith('warn: SendGrid: SENDGRID_API_KEY does not start with "SG."');
      warn.mockClear();
      sendgridEmailProvider("SG.key", "no-reply@example.com");
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});

describe("outbox provider", () => {
  it("stores the message instead of sending it", async () => {
    const result = await outboxEmailProvider().send(message);
    expect(result.ok).toBe(true);
    const stored = await db().outboxMessage.findFirstOrThrow({ where: { to: "ana@example.com" } });
    expect(stored).toMatchObject({ channel: "email", subject: "Hello", text: "Plain" });
  });
});
