// Every /api/v1 route of the route table (app/route-table.js), described for the OpenAPI document
// (./document.server.ts): its operations with the zod schema the route validates its input with (the
// same object, imported from the route's domain module), each answer it can give with the shape of
// `data`, and for every answer an example together with the request that produces it (`x-replay` in
// the document). app/api/openapi/replay.test.ts sends each of those requests to the running app in
// the situation the example names (`given`) and checks the answer against the documented schema; a
// route of the table without an entry here fails app/api/openapi/openapi.test.ts.
//
// One file per route group in ./operations/ (shared.server.ts holds what they share); the document
// lists the groups in the order below.
import { AUTH_OPERATIONS } from "./operations/auth.server";
import { DEVICE_REPORT_OPERATIONS } from "./operations/device-report.server";
import { LIVE_OPERATIONS } from "./operations/live.server";
import { LOCATE_OPERATIONS } from "./operations/locate.server";
import { LOOKUP_OPERATIONS } from "./operations/lookup.server";
import { PERSONNAL_OPERATIONS } from "./operations/personnal.server";
import { allowOf, type Answer, type Operation } from "./operations/shared.server";
import { SIGN_UP_OPERATIONS } from "./operations/sign-up.server";
import { VOICE_OPERATIONS } from "./operations/voice.server";
import { WEBHOOK_OPERATIONS } from "./operations/webhooks.server";
import { z } from "./zod.server";

export {
  EXAMPLE_VALUES,
  GIVEN,
  type Answer,
  type Example,
  type ExampleRequest,
  type Given,
  type Operation,
} from "./operations/shared.server";

/** The table's /api/v1 routes (path without the leading slash) and what each answers. */
export const API_OPERATIONS: Record<string, Operation[]> = {
  "api/v1/openapi.json": [
    {
      method: "get",
      operationId: "openApiDocument",
      tag: "Contract",
      summary: "This document",
      description:
        "The OpenAPI 3.1 description of every /api/v1 route, generated from the schemas the routes validate their input with. No APP header needed.",
      appHeader: false,
      responses: {
        200: {
          description: "The document.",
          raw: true,
          data: z.object({ openapi: z.literal("3.1.0") }).catchall(z.unknown()),
          examples: { document: { summary: "The document", body: { openapi: "3.1.0", info: {}, paths: {} } } },
        },
        405: {
          description: "Another method than GET; `Allow` names the methods the route answers.",
          headers: ["Allow"],
          examples: {
            otherMethod: {
              summary: "POST instead of GET",
              request: { method: "POST", headers: { APP: "" }, body: {} },
              message: ["api.methodNotAllowed", { allow: allowOf("GET") }],
            },
          },
        },
      },
    },
  ],
  ...AUTH_OPERATIONS,
  ...PERSONNAL_OPERATIONS,
  ...WEBHOOK_OPERATIONS,
  ...SIGN_UP_OPERATIONS,
  ...LOCATE_OPERATIONS,
  ...DEVICE_REPORT_OPERATIONS,
  ...LIVE_OPERATIONS,
  ...LOOKUP_OPERATIONS,
  ...VOICE_OPERATIONS,
};

/**
 * The catch-all of the table (`api/v1/*`): any other path under /api/v1 answers this, whatever the
 * method. OpenAPI has no path for "anything else", so the document names it as a shared response.
 */
export const NOT_FOUND: Answer = {
  description: "Any other path under /api/v1, whatever the method.",
  examples: {
    unknownPath: {
      summary: "No such endpoint",
      request: { method: "GET", path: "/api/v1/nothing-here" },
      message: "api.notFound",
    },
  },
};
