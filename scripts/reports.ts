// Abuse reports sent by recipients from their pages (/report), newest first, for operators (there is
// no admin UI): `npm run reports` (the last 100) or `npm run reports -- 500`. Uses DATABASE_URL like
// the server. Each report was also e-mailed to CONTACT_EMAIL when it arrived.
import { closeProcessDb } from "~/db/db.server";
import { listReports } from "~/recipient/abuse-report.server";

const arg = process.argv[2];
const limit = arg === undefined ? 100 : Number(arg);
if (!Number.isInteger(limit) || limit < 1) {
  console.error("usage: npm run reports [-- COUNT]");
  process.exit(2);
}
const reports = await listReports(limit);
for (const r of reports) {
  console.log(
    `${r.createdAt.toISOString()}  ${r.id}  ${r.reason}  ${r.fromRecipient ? "recipient's link (blocked)" : "plain link"}  ${r.locale}`,
  );
  console.log(
    `    requester: ${r.requesterName} · account ${r.requesterId ?? "deleted"} <${r.requesterEmail || "unknown"}> · ${r.channel} request ${r.requestId ?? "deleted"}`,
  );
  if (r.details) console.log(`    ${r.details.replace(/\s+/g, " ")}`);
}
console.log(`${reports.length} report(s)`);
await closeProcessDb();
