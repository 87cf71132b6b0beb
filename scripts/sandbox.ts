// The sandbox payment provider's billing clock, for trying the subscription life cycle without keys:
//   npm run sandbox -- renew <email>   charge the next period now (validUntil moves one period on)
//   npm run sandbox -- fail <email>    the renewal fails: the paid period ends now (then: Expired)
// Without them the maintenance job charges each period when it ends, as a real provider would.
// Uses DATABASE_URL like the server.
import { sandboxAdvance } from "~/billing/sandbox.server";
import { closeProcessDb } from "~/db/db.server";

const [action, email] = process.argv.slice(2);
if ((action !== "renew" && action !== "fail") || !email) {
  console.error("usage: npm run sandbox -- renew|fail <email>");
  process.exit(2);
}
const result = await sandboxAdvance(email, action);
await closeProcessDb();
if (!result.ok) {
  console.error(`${action}: ${result.error}`);
  process.exit(1);
}
const s = result.subscription;
console.log(`${email}: ${s.state}, valid until ${s.validUntil}, next charge ${s.nextDebitDay ?? "none"}`);
