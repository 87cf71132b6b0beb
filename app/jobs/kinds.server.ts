// Every module that defines a kind of job, in one list. The job runner loads this list before it
// claims a job (app/jobs/jobs.server.ts), so every process that runs jobs knows every kind, whichever
// pages it has served; `tests/unit/structure.test.ts` fails when a module defines a kind and is not
// listed here.
import "~/billing/payment-jobs.server";
import "~/location-requests/delivery.server";
import "~/location-requests/live.server";
import "~/notifications/email.server";
import "~/notifications/events.server";
import "~/notifications/push.server";
import "~/voice-messages/messages.server";
import "~/webhooks/delivery.server";
