// The one registry of kinds of job: every module that owns a durable effect exports its kinds, and
// JOB_KINDS joins them here, so every process that runs jobs knows every kind, whichever pages it has
// served. The job runner reads it when a run begins (app/jobs/jobs.server.ts); a name defined twice
// throws when it is built, and `tests/unit/structure.test.ts` fails when a module's kinds, or a kind
// name that is given to enqueueJob, are missing here.
import { billingJobKinds } from "~/billing/payment-jobs.server";
import { joinJobKinds } from "~/jobs/jobs.server";
import { requestMessageJobKinds } from "~/location-requests/delivery.server";
import { liveShareJobKinds } from "~/location-requests/live.server";
import { notificationEmailJobKinds } from "~/notifications/email.server";
import { requestEndJobKinds } from "~/notifications/events.server";
import { pushJobKinds } from "~/notifications/push.server";
import { voiceJobKinds } from "~/voice-messages/messages.server";
import { webhookJobKinds } from "~/webhooks/delivery.server";

export const JOB_KINDS = joinJobKinds(
  billingJobKinds,
  requestMessageJobKinds,
  liveShareJobKinds,
  notificationEmailJobKinds,
  requestEndJobKinds,
  pushJobKinds,
  voiceJobKinds,
  webhookJobKinds,
);
