// The document's top-level `webhooks` (OpenAPI 3.1): one entry per request event, each with the
// signature header and the event's schema, and what a delivery really sends fits that schema.
import { dereference } from "@readme/openapi-parser";
import addFormats from "ajv-formats";
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";

import { openApiDocument } from "~/api/openapi/document.server";
import { REQUEST_EVENTS } from "~/notifications/events.server";
import { eventBody } from "~/webhooks/delivery.server";

type Webhook = {
  post: {
    parameters: { name: string; in: string; required?: boolean }[];
    requestBody: { content: { "application/json": { schema: object } } };
  };
};

describe("the document's webhooks", () => {
  it("describe every request event, signed with Locator-Signature, and a real event body fits their schema", async () => {
    const document = (await dereference(structuredClone(await openApiDocument()) as never)) as unknown as {
      openapi: string;
      webhooks: Record<string, Webhook>;
    };
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.webhooks).sort()).toEqual(REQUEST_EVENTS.map((e) => `location_request.${e}`).sort());
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    for (const event of REQUEST_EVENTS) {
      const hook = document.webhooks[`location_request.${event}`]!.post;
      expect(hook.parameters).toContainEqual(
        expect.objectContaining({ name: "Locator-Signature", in: "header", required: true }),
      );
      const check = ajv.compile(hook.requestBody.content["application/json"].schema);
      const body = JSON.parse(
        eventBody({
          id: "evt_0123456789abcdef01234567",
          event,
          created: new Date(),
          requestId: "cmi9x0abc0001",
          status: "shared_approximate",
          ...(event === "shared" ? { precision: "approximate" as const } : {}),
        }),
      );
      expect(check(body), ajv.errorsText(check.errors)).toBe(true);
      // A position or a number would not fit: the schema is closed.
      expect(check({ ...body, data: { ...body.data, latitude: 14.6 } })).toBe(false);
    }
  });
});
