import type { MessageKey } from "~/i18n/keys";
import { createLocationRequest, type CreateInput, type CreateResult } from "~/location-requests/create.server";
import { NOT_ACCEPTED } from "~/location-requests/request-state";

import { envelope, failure, limitedError, type ApiContext } from "./envelope.server";

/** Creates the request and turns the domain's answer into the API's envelope. */
export async function createAndAnswer(ctx: ApiContext, input: CreateInput, failedKey: MessageKey) {
  const result: CreateResult = await createLocationRequest(input);
  if (result.ok) return envelope(200, { data: result.request });
  if (result.error === "limited") throw await limitedError(ctx, result.nextAllowedAt);
  if (result.error === "declinedRecently")
    throw await limitedError(ctx, result.nextAllowedAt, "requests.errors.declinedRecently");
  if (result.error === "notAccepted") {
    // One neutral answer for an opt-out, a block or the recipient's daily limit (docs/decisions/012).
    return failure(ctx, 409, "requests.errors.notAccepted", {
      data: { id: result.request.id, delivery: NOT_ACCEPTED },
    });
  }
  // The request is kept (marked failed) so the requester can see it; the limit was given back.
  return failure(ctx, 502, failedKey, { data: result.request });
}
