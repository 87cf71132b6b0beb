// The voice messages' routes of /api/v1 (api/v1/voice/…) for the OpenAPI document: see
// ../operations.server.ts.
import { voiceListQuery } from "~/voice-messages/list.server";
import { sendVoiceSchema } from "~/voice-messages/messages.server";

import * as shape from "../shapes.server";
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
  type Operation,
} from "./shared.server";

const VOICE = { senderName: "Ana", countryCode: "+63", phone: "9171234567", message: "Call me when you land." };

export const VOICE_OPERATIONS: Record<string, Operation[]> = {
  "api/v1/voice/send": [
    {
      method: "post",
      operationId: "sendVoiceMessage",
      tag: "Voice",
      summary: "Call a number and speak a message",
      description:
        "Needs an active subscription. The call says who sent it through Family Locator, speaks the message in the chosen language and voice, and offers 'press 9' to stop such calls. One per three hours per account (a failed call gives it back).",
      token: "required",
      idempotent: true,
      body: sendVoiceSchema,
      responses: {
        200: {
          description: "The call is placed; `state` follows the provider's call status.",
          data: shape.VoiceSent,
          examples: {
            queued: {
              summary: "Queued",
              given: "subscriber",
              request: { headers: BEARER, body: VOICE },
              data: { id: "cmi9x0voc0001", state: "queued" },
            },
          },
        },
        400: {
          description:
            "A missing or malformed APP header, malformed JSON, a field of the wrong type, or a value the domain refuses.",
          examples: {
            appHeader: appHeaderMissing({ body: VOICE }),
            malformed: malformedJson({ headers: BEARER }, "subscriber"),
            wrongType: invalidField("message", { ...VOICE, message: 3 }, { headers: BEARER }, "subscriber"),
            invalidNumber: {
              summary: "Not a mobile number",
              given: "subscriber",
              request: { headers: BEARER, body: { ...VOICE, phone: "12" } },
              message: "requests.errors.numberInvalid",
              field: "phone",
            },
          },
        },
        401: noToken({ body: VOICE }),
        403: subscriptionExpired({ headers: BEARER, body: VOICE }),
        405: methodNotAllowed("POST"),
        409: {
          description:
            "The number's owner asked not to receive voice messages. Told only to a sender whose three-hour limit is free, and it uses that limit like a call: a sender who must wait is answered 429 for this number as for any other.",
          examples: {
            optedOut: {
              summary: "Opted out",
              given: "voiceOptedOut",
              request: { headers: BEARER, body: VOICE },
              message: "voice.errors.optedOut",
            },
          },
        },
        ...jsonBodyAnswers({ headers: BEARER }, "subscriber"),
        429: {
          description: "One voice message per three hours per account; `Retry-After` and `data` say when.",
          data: shape.Limited,
          headers: ["Retry-After"],
          examples: {
            limited: {
              summary: "One per three hours",
              given: "voiceSent",
              request: { headers: BEARER, body: VOICE },
              message: ["requests.errors.limited", LIMITED_TIME],
              data: LIMITED,
            },
          },
        },
        502: {
          description: "The call could not be placed (the limit is given back).",
          examples: {
            providerFailed: {
              summary: "The provider answered an error",
              given: "smsRefused",
              request: { headers: BEARER, body: VOICE },
              message: "voice.errors.sendFailed",
            },
          },
        },
        ...keyReused({ headers: BEARER, body: VOICE }),
      },
    },
  ],

  "api/v1/voice/messages": [
    {
      method: "get",
      operationId: "listVoiceMessages",
      tag: "Voice",
      summary: "The account's voice messages",
      description:
        "Newest first, with their call state, updated by the provider's status callbacks. `pageSize` at a time (50 unless asked); page with `cursor`: each page gives `nextCursor` for older messages (null on the oldest page), and it costs the same however deep the page.",
      token: "required",
      query: voiceListQuery,
      responses: {
        200: {
          description: "The messages.",
          data: shape.VoiceMessages,
          examples: {
            list: {
              summary: "One message",
              given: "voiceSent",
              request: { headers: BEARER },
              data: {
                items: [
                  {
                    id: "cmi9x0voc0001",
                    to: "+639171234567",
                    text: "Call me when you land.",
                    language: "en",
                    voice: "female",
                    state: "completed",
                    createdAt: "2026-11-22T05:38:39.571Z",
                  },
                ],
                nextCursor: null,
              },
            },
          },
        },
        400: {
          description:
            "A missing or malformed APP header, a query parameter of the wrong type or size (named), or a cursor this list did not give.",
          examples: {
            appHeader: appHeaderMissing(),
            pageSize: {
              summary: "pageSize over 100",
              given: "subscriber",
              request: { path: "/api/v1/voice/messages?pageSize=500", headers: BEARER },
              message: ["api.invalidField", { field: "pageSize" }],
            },
            cursor: {
              summary: "A cursor this list did not give",
              given: "subscriber",
              request: { path: "/api/v1/voice/messages?cursor=not-a-cursor", headers: BEARER },
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
};
