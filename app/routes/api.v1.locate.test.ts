import { describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { recipientKey } from "~/location-requests/recipient-controls.server";
import { resetConfig } from "~/server/config.server";
import { formatDateTime } from "~/utils/time-zone";

import { startFake } from "../../tests/fakes/http";
import { allowConsoleError } from "../../tests/support/console";
import { apiRequest, readEnvelope, routeArgs, signedInUser } from "../../tests/support/factories";
import { withFailingSendGrid } from "../../tests/support/provider-fakes";
import { action as createLink } from "./api.v1.locate.create-link";
import { loader as getOne } from "./api.v1.locate.request";
import { loader as list } from "./api.v1.locate.requests";
import { action as sendEmail } from "./api.v1.locate.send-email";
import { action as sendSms } from "./api.v1.locate.send-sms";

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

describe("/api/v1/locate", () => {
  it("sends an SMS with a localized link, once per three hours", async () => {
    const { token } = await signedInUser();
    const body = { requesterName: "Ana", countryCode: "+63", phone: "917 123 4567", locale: "ph" };
    const first = await sendSms(routeArgs(apiRequest("/api/v1/locate/sendSms", { json: body, headers: auth(token) })));
    expect(first.status).toBe(200);
    const { data } = await readEnvelope(first);
    const { code, link } = data as { code: string; link: string };
    expect(link).toBe(`http://localhost:3000/ph/${code}`);
    const sms = await db().outboxMessage.findFirstOrThrow({ where: { channel: "sms", to: "+639171234567" } });
    expect(sms.text).toContain(link);
    expect(sms.text).toContain("Ana");

    const second = await sendSms(routeArgs(apiRequest("/api/v1/locate/sendSms", { json: body, headers: auth(token) })));
    expect(second.status).toBe(429);
    const retryAfter = Number(second.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(3 * 3600 - 60);
    const refused = await readEnvelope<{ nextAllowedAt: string; retryAfterSeconds: number }>(second);
    const { nextAllowedAt, retryAfterSeconds } = refused.data!;
    expect(Math.abs(Date.parse(nextAllowedAt) - (Date.now() + 3 * 3600 * 1000))).toBeLessThan(60_000);
    expect(retryAfterSeconds).toBe(retryAfter);
    // The sentence names the time for people, in the caller's language; no raw ISO time in it.
    expect(refused.message).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(refused.message).toContain(formatDateTime(nextAllowedAt, "en-US", "UTC", true));

    const ph = await sendSms(
      routeArgs(
        apiRequest("/api/v1/locate/sendSms", { json: body, headers: { ...auth(token), "Accept-Language": "fil" } }),
      ),
    );
    const phMessage = (await readEnvelope(ph)).message as string;
    expect(phMessage).toBe(`Makakapagpadala ka ng susunod sa ${formatDateTime(nextAllowedAt, "fil-PH", "UTC", true)}.`);
  });

  it("refuses a name or title carrying a contact point with a translated 400, in every language", async () => {
    const { token } = await signedInUser();
    const messages = {
      en: "The name cannot contain a web address",
      id: "Nama tidak boleh berisi alamat web",
      fil: "Hindi puwedeng may web address",
    };
    for (const [language, message] of Object.entries(messages)) {
      const headers = { ...auth(token), "Accept-Language": language };
      const answer = await sendSms(
        routeArgs(
          apiRequest("/api/v1/locate/sendSms", {
            json: { requesterName: "BDO Bank https://bdo-verify.example/x", countryCode: "+63", phone: "9171234567" },
            headers,
          }),
        ),
      );
      expect(answer.status).toBe(400);
      expect((await readEnvelope(answer)).message).toContain(message);
    }
    const title = await createLink(
      routeArgs(
        apiRequest("/api/v1/locate/createLink", {
          json: { requesterName: "Ana", title: "rosa@example.com" },
          headers: auth(token),
        }),
      ),
    );
    expect(title.status).toBe(400);
    expect((await readEnvelope(title)).message).toBe(
      "The title cannot contain a web address, an e-mail address or a phone number.",
    );
    expect(await db().outboxMessage.count({ where: { text: { contains: "bdo-verify" } } })).toBe(0);
  });

  it("validates numbers and e-mail addresses with the spec's messages", async () => {
    const { token } = await signedInUser();
    const empty = await sendSms(
      routeArgs(
        apiRequest("/api/v1/locate/sendSms", { json: { requesterName: "A", phone: "" }, headers: auth(token) }),
      ),
    );
    expect((await readEnvelope(empty)).message).toBe("Please enter a number");
    const bad = await sendSms(
      routeArgs(
        apiRequest("/api/v1/locate/sendSms", {
          json: { requesterName: "A", countryCode: "+62", phone: "12" },
          headers: auth(token),
        }),
      ),
    );
    expect((await readEnvelope(bad)).message).toBe("Please enter a valid mobile number");
    const mail = await sendEmail(
      routeArgs(
        apiRequest("/api/v1/locate/sendEmail", { json: { requesterName: "A", email: "nope@x" }, headers: auth(token) }),
      ),
    );
    expect(mail.status).toBe(400);
    expect((await readEnvelope(mail)).message).toBe("Enter valid email address");
  });

  it("refuses an expired subscription with 403", async () => {
    const { token } = await signedInUser({ days: -1 });
    const res = await createLink(
      routeArgs(
        apiRequest("/api/v1/locate/createLink", { json: { requesterName: "A", title: "Mum" }, headers: auth(token) }),
      ),
    );
    expect(res.status).toBe(403);
  });

  it("lets 1 of 50 parallel link creations through", async () => {
    const { token, user } = await signedInUser();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        createLink(
          routeArgs(
            apiRequest("/api/v1/locate/createLink", {
              json: { requesterName: "A", title: "Dad" },
              headers: auth(token),
            }),
          ),
        ),
      ),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(49);
    expect(await db().locationRequest.count({ where: { userId: user.id } })).toBe(1);
  });

  it("lists and shows only the caller's own requests", async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    const created = await createLink(
      routeArgs(
        apiRequest("/api/v1/locate/createLink", {
          json: { requesterName: "A", title: "Mine" },
          headers: auth(owner.token),
        }),
      ),
    );
    const { id } = (await readEnvelope<{ id: string }>(created)).data!;

    const mine = await readEnvelope(
      await list(routeArgs(apiRequest("/api/v1/locate/requests?channel=link", { headers: auth(owner.token) }))),
    );
    expect(mine.data).toMatchObject({ total: 1, page: 1, items: [{ id, title: "Mine", status: "pending" }] });
    const theirs = await readEnvelope(
      await list(routeArgs(apiRequest("/api/v1/locate/requests", { headers: auth(other.token) }))),
    );
    expect(theirs.data).toMatchObject({ total: 0, items: [] });

    const own = await getOne({
      ...routeArgs(apiRequest(`/api/v1/locate/requests/${id}`, { headers: auth(owner.token) })),
      params: { id },
    });
    expect(own.status).toBe(200);
    const foreign = await getOne({
      ...routeArgs(apiRequest(`/api/v1/locate/requests/${id}`, { headers: auth(other.token) })),
      params: { id },
    });
    expect(foreign.status).toBe(404);
    const anonymous = await getOne({ ...routeArgs(apiRequest(`/api/v1/locate/requests/${id}`)), params: { id } });
    expect(anonymous.status).toBe(401);
  });

  it("rejects bad paging parameters with 400", async () => {
    const { token } = await signedInUser();
    const res = await list(routeArgs(apiRequest("/api/v1/locate/requests?pageSize=500", { headers: auth(token) })));
    expect(res.status).toBe(400);
  });
});

describe("provider failures", () => {
  it("answer 502 with the kept e-mail request in the envelope when SendGrid refuses, and give the limit back", async () => {
    const { token, user } = await signedInUser();
    const body = { requesterName: "Ana", email: "Rosa@Example.com", locale: "id" };
    const calls = await withFailingSendGrid(async () => {
      const res = await sendEmail(
        routeArgs(apiRequest("/api/v1/locate/sendEmail", { json: body, headers: auth(token) })),
      );
      expect(res.status).toBe(502);
      const answer = await readEnvelope(res);
      expect(answer).toMatchObject({
        status: 502,
        message: "Send Email Template Failed",
        error: "Send Email Template Failed",
      });
      const kept = await db().locationRequest.findFirstOrThrow({ where: { userId: user.id } });
      expect(kept).toMatchObject({
        channel: "email",
        delivery: "failed",
        target: "rosa@example.com",
        status: "pending",
      });
      expect(answer.data).toEqual({ id: kept.id, code: kept.code, link: `http://localhost:3000/id/${kept.code}` });
      const retry = await sendEmail(
        routeArgs(apiRequest("/api/v1/locate/sendEmail", { json: body, headers: auth(token) })),
      );
      expect(retry.status).toBe(502);
    });
    expect(calls).toBe(2);
  });

  it("a refusal for good: keep the request, mark it failed, give the limit back and answer 502", async () => {
    allowConsoleError();
    const fake = await startFake((_req, res) => {
      res
        .writeHead(400, { "Content-Type": "application/json" })
        .end(JSON.stringify({ code: 21211, message: "Invalid 'To' Phone Number", status: 400 }));
    });
    Object.assign(process.env, {
      TWILIO_ACCOUNT_SID: "AC1",
      TWILIO_AUTH_TOKEN: "t",
      TWILIO_FROM: "+15005550006",
      TEST_TWILIO_BASE_URL: fake.origin,
    });
    resetConfig();
    try {
      const { token, user } = await signedInUser();
      const body = { requesterName: "Ana", countryCode: "+62", phone: "812 3456 7890" };
      const res = await sendSms(routeArgs(apiRequest("/api/v1/locate/sendSms", { json: body, headers: auth(token) })));
      expect(res.status).toBe(502);
      expect((await readEnvelope(res)).message).toBe("Send SMS Template Failed");
      const kept = await db().locationRequest.findFirstOrThrow({ where: { userId: user.id } });
      expect(kept).toMatchObject({ delivery: "failed", target: "+6281234567890" });
      const retry = await sendSms(
        routeArgs(apiRequest("/api/v1/locate/sendSms", { json: body, headers: auth(token) })),
      );
      expect(retry.status).toBe(502);
    } finally {
      for (const key of ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM", "TEST_TWILIO_BASE_URL"])
        delete process.env[key];
      resetConfig();
      await fake.close();
    }
  });
});

describe("the recipient's protections through the API", () => {
  const mobile = () => `917${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  const send = (token: string, phone: string, extra: Record<string, string> = {}) =>
    sendSms(
      routeArgs(
        apiRequest("/api/v1/locate/sendSms", {
          json: { requesterName: "Ana", countryCode: "+63", phone, ...extra },
          headers: auth(token),
        }),
      ),
    );

  it("answers 409 with one neutral message for an opted-out number, lists it as not delivered without a link, and uses the slot like any request", async () => {
    const phone = mobile();
    const key = (await recipientKey("sms", `+63${phone}`))!;
    await db().recipientOptOut.create({ data: { recipientKey: key, source: "page" } });
    const { token } = await signedInUser();
    const answer = await send(token, phone, { requesterName: "Ana\nPolice" });
    expect(answer.status).toBe(409);
    const envelope = await readEnvelope<{ id: string }>(answer);
    expect(envelope.message).toBe("The person asked does not accept requests right now");
    const { id } = envelope.data!;
    expect(envelope.data).toEqual({ id, delivery: "not_accepted" });
    const one = await readEnvelope(
      await getOne({
        ...routeArgs(apiRequest(`/api/v1/locate/requests/${id}`, { headers: auth(token) })),
        params: { id },
      }),
    );
    expect(one.data).toMatchObject({ delivery: "not_accepted", link: null, expired: false });
    expect(await db().locationRequest.findUniqueOrThrow({ where: { id } })).toMatchObject({
      requesterName: "Ana Police",
    });
    expect((await send(token, mobile())).status).toBe(429);
  });

  it("answers 429 with Retry-After when the recipient declined this account's last request", async () => {
    const phone = mobile();
    const { token, user } = await signedInUser();
    await db().recipientDecline.create({
      data: { recipientKey: (await recipientKey("sms", `+63${phone}`))!, userId: user.id, declinedAt: new Date() },
    });
    const answer = await send(token, phone);
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(71 * 3600);
    expect((await readEnvelope(answer)).message).toMatch(
      /^This person declined your last request\. You can ask again on /,
    );
  });
});
