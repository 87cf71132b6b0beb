// The visitor device report (api/v1/locate/userAgent, spec section 7) for the OpenAPI document: see
// ../operations.server.ts.
import { deviceReportSchema } from "~/telemetry/device-report.server";

import * as shape from "../shapes.server";
import {
  appHeaderMissing,
  invalidField,
  jsonBodyAnswers,
  malformedJson,
  methodNotAllowed,
  throttled,
  type Operation,
} from "./shared.server";

const DEVICE_REPORT = {
  visitorId: "3f2a9c1e5b7d40a8b6c2e9f1a0d4c7b3",
  userAgent: "Mozilla/5.0 (Linux; Android 14)",
  osName: "Android",
  osVersion: "14",
  browserName: "Chrome",
  browserVersion: "131.0.0.0",
  deviceType: "mobile",
  deviceBrand: "Samsung",
  deviceModel: "SM-A546E",
  pageUrl: "https://example.com/?source=fb",
  referrerUrl: "",
  source: "fb",
  visitTime: "2026-11-22T01:00:00.000Z",
};

export const DEVICE_REPORT_OPERATIONS: Record<string, Operation[]> = {
  "api/v1/locate/userAgent": [
    {
      method: "post",
      operationId: "deviceReport",
      tag: "Location requests",
      summary: "The visitor device report (spec section 7)",
      description:
        "No token. Sent by the web client once per visitor and host. Unknown fields are refused; the client's address is used for the limit only and never stored.",
      body: deviceReportSchema,
      responses: {
        200: {
          description: "Stored.",
          data: shape.Saved,
          examples: { saved: { summary: "Stored", request: { body: DEVICE_REPORT }, data: { id: "cmi9x0rep0001" } } },
        },
        400: {
          description: "A missing or malformed APP header, malformed JSON, or a missing, unknown or bad field (named).",
          examples: {
            appHeader: appHeaderMissing({ body: DEVICE_REPORT }),
            malformed: malformedJson(),
            badField: invalidField("deviceType", { ...DEVICE_REPORT, deviceType: "watch" }),
          },
        },
        405: methodNotAllowed("POST"),
        ...jsonBodyAnswers(),
        429: throttled({
          summary: "Past DEVICE_REPORT_LIMIT_PER_IP reports from one address in an hour",
          given: "reportsUsed",
          request: { body: DEVICE_REPORT },
          message: "errors.tooManyAttempts",
        }),
      },
    },
  ],
};
