// The location requests' routes of /api/v1 (api/v1/locate/…: by SMS, e-mail or link, their list) for
// the OpenAPI document: see ../operations.server.ts.
import type { ZodTypeAny } from "zod";

import type { MessageKey } from "~/i18n/keys";
import { requestListQuery } from "~/location-requests/list.server";
import { createLinkSchema, sendEmailSchema, sendSmsSchema } from "~/location-requests/schemas.server";

import * as shape from "../shapes.server";
import { z } from "../zod.server";
import {
  appHeaderMissing,
  BEARER,
  invalidField,
  jsonBodyAnswers,
  keyReused,
  LIMITED,
  LIMITED_TIME,
  malformedJson,
  methodNotAllowed,
  noToken,
  subscriptionExpired,
  withEmail,
  type Answer,
  type Example,
  type Given,
  type Operation,
} from "./shared.server";

const SMS = { requesterName: "Ana", countryCode: "+63", phone: "9171234567", locale: "ph" };
const EMAIL = { requesterName: "Ana", email: "rosa@example.com", locale: "id", template: "checkIn" };
const LINK = { requesterName: "Ana", title: "Dad's phone", locale: "en" };
const CREATED = { id: "cmi9x0abc0001", code: "Ab3dEf7H", link: "http://localhost:3000/id/Ab3dEf7H" };
const REQUEST = {
  id: "cmi9x0abc0001",
  channel: "sms",
  target: "+639171234567",
  title: null,
  code: "Ab3dEf7H",
  link: "http://localhost:3000/ph/Ab3dEf7H",
  state: "shared_precise",
  expired: false,
  status: "gps_tracked",
  decision: null,
  delivery: "sent",
  openedAt: "2026-11-22T05:40:02.000Z",
  locatedAt: "2026-11-22T05:41:13.000Z",
  latitude: 14.6507,
  longitude: 121.0494,
  accuracyMeters: 18,
  address: "Barangay Pinyahan, Quezon City, PH",
  locale: "ph",
  createdAt: "2026-11-22T05:38:39.571Z",
  liveUntil: null,
  liveEndedAt: null,
};
/** What creating a location request answers beyond success (the three channels alike). */
function locateAnswers(
  channel: "sms" | "email" | "link",
  body: Record<string, unknown>,
  sentRecently: Given,
  failedKey: MessageKey,
): Record<number, Answer> {
  const request = { headers: BEARER, body };
  const refusals: Record<number, Answer> = {
    409: {
      description:
        "Not delivered: the number or address opted out of every request, blocked this account, or had RECIPIENT_DAILY_LIMIT requests today. The same answer for the three reasons, on purpose; the request is stored with `delivery: not_accepted` and no link, and the three-hour limit is given back.",
      data: shape.RequestNotAccepted,
      examples: {
        optedOut: {
          summary: "The recipient opted out",
          given: channel === "email" ? "addressOptedOut" : "numberOptedOut",
          request,
          message: "requests.errors.notAccepted",
          data: { id: "cmi9x0abc0002", delivery: "not_accepted" },
        },
      },
    },
    502: {
      description:
        "The SMS or e-mail provider refused the message for good (a 4xx answer such as an invalid number), or every try failed: the request is kept with `delivery: failed` and returned as on success, and the limit is given back, so the caller may try again at once or share `link` another way. A provider that is down (5xx, no connection) is not this: the answer is the success one, the request reads `delivery: queued`, and the message is tried again (docs/api.md).",
      data: shape.RequestCreated,
      examples: {
        providerFailed: {
          summary: "The provider refused the message",
          given: channel === "email" ? "emailRefused" : "smsRefused",
          request,
          message: failedKey,
          data: CREATED,
        },
      },
    },
  };
  const limited: Example = {
    summary: "One per three hours",
    given: sentRecently,
    request,
    message: ["requests.errors.limited", LIMITED_TIME],
    data: LIMITED,
  };
  return {
    ...(channel === "link" ? {} : refusals),
    429: {
      description:
        channel === "sms"
          ? "One SMS per three hours per account; or the recipient declined this account's last request less than DECLINE_COOLDOWN_HOURS ago (nothing is stored or sent, no limit used). `Retry-After` and `data` say when."
          : `One ${channel === "email" ? "e-mail" : "link"} per three hours per account. \`Retry-After\` and \`data\` say when.`,
      data: shape.Limited,
      headers: ["Retry-After"],
      examples: {
        limited,
        ...(channel === "sms"
          ? {
              declinedRecently: {
                summary: "The recipient declined the last request",
                given: "declinedRecently",
                request,
                message: ["requests.errors.declinedRecently", LIMITED_TIME],
                data: LIMITED,
              },
            }
          : {}),
      },
    },
  };
}

function locate(
  channel: "sms" | "email" | "link",
  schema: ZodTypeAny,
  body: Record<string, unknown>,
  options: { operationId: string; summary: string; description: string; sentRecently: Given; failedKey: MessageKey },
): Operation {
  const request = { headers: BEARER, body };
  return {
    method: "post",
    operationId: options.operationId,
    tag: "Location requests",
    summary: options.summary,
    description: options.description,
    token: "required",
    idempotent: true,
    body: schema,
    responses: {
      200: {
        description: "Stored and sent (or, for a link, created): `link` is the recipient's consent page.",
        data: shape.RequestCreated,
        examples: { created: { summary: "Sent", given: "subscriber", request, data: CREATED } },
      },
      400: {
        description:
          "A missing or malformed APP header, malformed JSON, a field of the wrong type or size (named), or a value the domain refuses (its own message).",
        examples: {
          appHeader: appHeaderMissing({ body }),
          malformed: malformedJson({ headers: BEARER }, "subscriber"),
          wrongType: invalidField("requesterName", { ...body, requesterName: 7 }, { headers: BEARER }, "subscriber"),
          ...(channel === "sms"
            ? {
                invalidNumber: {
                  summary: "Not a mobile number (in Indonesian: Accept-Language: id)",
                  given: "subscriber",
                  request: { headers: { ...BEARER, "Accept-Language": "id" }, body: { ...body, phone: "12" } },
                  message: "requests.errors.numberInvalid",
                  field: "phone",
                },
              }
            : channel === "email"
              ? {
                  invalidAddress: {
                    summary: "Not an e-mail address",
                    given: "subscriber",
                    request: { headers: BEARER, body: { ...body, email: "rosa@" } },
                    message: "loginModal.EnterValidEmail",
                    field: "email",
                  },
                }
              : {
                  titleTooLong: {
                    summary: "A title over 60 characters",
                    given: "subscriber",
                    request: { headers: BEARER, body: { ...body, title: "x".repeat(61) } },
                    message: "requests.errors.titleTooLong",
                    field: "title",
                  },
                }),
        },
      },
      401: noToken({ body }),
      403: subscriptionExpired(request),
      405: methodNotAllowed("POST"),
      ...jsonBodyAnswers({ headers: BEARER }, "subscriber"),
      ...locateAnswers(channel, body, options.sentRecently, options.failedKey),
      ...keyReused(request),
    },
  };
}

export const LOCATE_OPERATIONS: Record<string, Operation[]> = {
  "api/v1/locate/sendSms": [
    locate("sms", sendSmsSchema, SMS, {
      operationId: "sendSms",
      summary: "Ask for a location by SMS",
      description:
        "Needs an active subscription. One SMS per three hours per account. The recipient's own protections may refuse it (409, or 429 after a decline).",
      sentRecently: "smsSent",
      failedKey: "requests.toast.smsFailed",
    }),
  ],
  "api/v1/locate/sendEmail": [
    locate("email", withEmail(sendEmailSchema), EMAIL, {
      operationId: "sendEmail",
      summary: "Ask for a location by e-mail",
      description:
        "Needs an active subscription. One e-mail per three hours per account. The address is stored trimmed and in lower case; the recipient gets an HTML and text e-mail in `locale`.",
      sentRecently: "emailSent",
      failedKey: "requests.toast.emailFailed",
    }),
  ],
  "api/v1/locate/createLink": [
    locate("link", createLinkSchema, LINK, {
      operationId: "createLink",
      summary: "Create a link to send yourself",
      description: "Needs an active subscription. One link per three hours per account; nothing is sent.",
      sentRecently: "linkCreated",
      failedKey: "requests.toast.copyFailed",
    }),
  ],

  "api/v1/locate/requests": [
    {
      method: "get",
      operationId: "listRequests",
      tag: "Location requests",
      summary: "The account's location requests",
      description:
        "Newest first, only the caller's own. Page with `cursor` (each page gives `nextCursor` for older requests and `prevCursor` for newer ones): it costs the same however deep the page. `page` still works, and costs more the deeper it goes.",
      token: "required",
      // `page` is kept for existing clients: documented as deprecated, `cursor` replaces it.
      query: requestListQuery.extend({ page: requestListQuery.shape.page.openapi({ param: { deprecated: true } }) }),
      responses: {
        200: {
          description: "One page.",
          data: shape.RequestPage,
          examples: {
            page: {
              summary: "SMS requests, first page",
              given: "ownRequest",
              request: { path: "/api/v1/locate/requests?channel=sms&page=1&pageSize=20", headers: BEARER },
              data: {
                total: 1,
                totalCapped: false,
                page: 1,
                pageSize: 20,
                nextCursor: null,
                prevCursor: null,
                items: [REQUEST],
              },
            },
            cursor: {
              summary: "The page after a cursor",
              given: "ownRequest",
              request: { path: "/api/v1/locate/requests?pageSize=20&cursor={{cursor}}", headers: BEARER },
              data: {
                total: 1,
                totalCapped: false,
                page: 1,
                pageSize: 20,
                nextCursor: null,
                prevCursor: null,
                items: [],
              },
            },
          },
        },
        400: {
          description: "A missing or malformed APP header, or a query value out of range (named).",
          examples: {
            appHeader: appHeaderMissing(),
            pageSize: {
              summary: "pageSize over 100",
              given: "subscriber",
              request: { path: "/api/v1/locate/requests?pageSize=500", headers: BEARER },
              message: ["api.invalidField", { field: "pageSize" }],
            },
            cursor: {
              summary: "A cursor this API did not give",
              given: "subscriber",
              request: { path: "/api/v1/locate/requests?cursor=not-a-cursor", headers: BEARER },
              message: "api.cursorInvalid",
              field: "cursor",
            },
          },
        },
        401: noToken(),
        405: methodNotAllowed("GET", { body: {} }),
      },
    },
  ],

  "api/v1/locate/requests/:id": [
    {
      method: "get",
      operationId: "getRequest",
      tag: "Location requests",
      summary: "One of the account's location requests",
      token: "required",
      params: {
        id: {
          schema: z.string().min(1).describe("The request's `id` from its creation or the list."),
          example: "cmi9x0abc0001",
        },
      },
      responses: {
        200: {
          description:
            "The request. An approximate (`ip_located`) position is an area: use `accuracyMeters` as its radius, never a pin.",
          data: shape.LocationRequest,
          examples: {
            found: {
              summary: "Located",
              given: "ownRequest",
              request: { path: "/api/v1/locate/requests/{{requestId}}", headers: BEARER },
              data: REQUEST,
            },
          },
        },
        400: {
          description: "A missing or malformed APP header.",
          examples: { appHeader: appHeaderMissing() },
        },
        401: noToken(),
        404: {
          description: "No such request in this account (another account's id answers the same).",
          examples: {
            missing: {
              summary: "Not this account's",
              given: "subscriber",
              request: { headers: BEARER },
              message: "api.requestNotFound",
            },
          },
        },
        405: methodNotAllowed("GET", { body: {} }),
      },
    },
  ],
};
