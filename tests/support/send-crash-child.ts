// A separate app process for the message outbox test (app/location-requests/delivery.server.test.ts):
// `request USER_ID NUMBER` stores an SMS location request and exits right after its commit, before the
// first send, as a crash would. Reads DATABASE_URL and the provider settings from the environment.
import { createLocationRequest, setAfterRequestCommit } from "~/location-requests/create.server";

const CRASH_EXIT_CODE = 86;

const [mode, userId, target] = process.argv.slice(2);
if (mode === "request" && userId && target) {
  setAfterRequestCommit(() => process.exit(CRASH_EXIT_CODE));
  await createLocationRequest({ userId, channel: "sms", target, requesterName: "Ana", locale: "en" });
  console.log("not reached: the process should have stopped after the commit");
  process.exit(1);
} else {
  console.error("usage: send-crash-child.ts request USER_ID NUMBER");
  process.exit(2);
}
