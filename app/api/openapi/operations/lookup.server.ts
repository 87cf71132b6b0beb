// The phone lookup of /api/v1 (api/v1/lookup) for the OpenAPI document: see ../operations.server.ts.
import { lookupQuerySchema } from "~/phone/numbers.server";

import * as shape from "../shapes.server";
import { appHeaderMissing, BEARER, methodNotAllowed, UNKNOWN_TOKEN, type Operation } from "./shared.server";

const LOOKUP = {
  number: "+639171234567",
  valid: true,
  country: "PH",
  callingCode: "63",
  nationalFormat: "0917 123 4567",
  internationalFormat: "+63 917 123 4567",
  numberType: "MOBILE",
  timeZones: ["Asia/Manila"],
  provider: "twilio",
  providerState: "ok",
  details: { carrier: "Globe Telecom", lineType: "mobile", callerName: "JUAN DELA CRUZ" },
  fetchedAt: "2026-11-22T05:38:39.571Z",
};

export const LOOKUP_OPERATIONS: Record<string, Operation[]> = {
  "api/v1/lookup": [
    {
      method: "get",
      operationId: "lookup",
      tag: "Lookup",
      summary: "Reverse phone number lookup",
      description:
        "The token is optional. Without one (or without an active subscription) `data` holds what the number itself tells; a subscriber's token and a configured provider add `details` (carrier, line type, caller name). `providerState` says why `details` is missing.",
      token: "optional",
      query: lookupQuerySchema,
      responses: {
        200: {
          description: "What is known of the number.",
          data: shape.Lookup,
          examples: {
            subscriber: {
              summary: "A subscriber, with the provider's fields",
              given: "subscriber",
              request: { path: "/api/v1/lookup?number=%2B639171234567", headers: BEARER },
              data: LOOKUP,
            },
            visitor: {
              summary: "Without a token: the number's own data",
              request: { path: "/api/v1/lookup?country=PH&number=09171234567" },
              data: { ...LOOKUP, provider: "twilio", providerState: "subscribersOnly", details: null, fetchedAt: null },
            },
          },
        },
        400: {
          description: "A missing or malformed APP header, no number, or one that is not valid.",
          examples: {
            appHeader: appHeaderMissing({ path: "/api/v1/lookup?number=%2B639171234567" }),
            noNumber: {
              summary: "No number",
              request: { path: "/api/v1/lookup" },
              message: "requests.errors.numberRequired",
              field: "number",
            },
            invalid: {
              summary: "Not a number",
              request: { path: "/api/v1/lookup?number=12" },
              message: "requests.errors.numberInvalid",
              field: "number",
            },
          },
        },
        401: {
          description: "A token that is expired or revoked (without one, the caller is a visitor).",
          examples: {
            unknownToken: {
              summary: "A token that is not (or no longer) valid",
              request: {
                path: "/api/v1/lookup?number=%2B639171234567",
                headers: { Authorization: `Bearer ${UNKNOWN_TOKEN}` },
              },
              message: "errors.loginExpired",
            },
          },
        },
        405: methodNotAllowed("GET", { path: "/api/v1/lookup?number=%2B639171234567", body: {} }),
      },
    },
  ],
};
