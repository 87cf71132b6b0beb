// Review moderation for operators (there is no admin UI): a new or edited review stays pending, and
// so off the home page, until it is published here.
//   npm run reviews -- list [--pending]   every review (or only those waiting), newest first
//   npm run reviews -- publish ID         show the review on the home page
//   npm run reviews -- hide ID            take it off the home page (the author still sees it)
// Uses DATABASE_URL like the server.
import { closeProcessDb } from "~/db/db.server";
import { listReviews, setReviewStatus } from "~/reviews/reviews.server";

const [action, arg] = process.argv.slice(2);
const usage = () => {
  console.error("usage: npm run reviews -- list [--pending] | publish ID | hide ID");
  process.exit(2);
};

if (action === "list") {
  if (arg !== undefined && arg !== "--pending") usage();
  const reviews = await listReviews({ pending: arg === "--pending" });
  for (const r of reviews) {
    const text = r.text.replace(/\s+/g, " ");
    console.log(
      `${r.id}  ${r.status}  ${r.rating}/5  ${r.locale}  ${r.writtenAt.toISOString()}  ${r.displayName} <${r.user.email}>`,
    );
    console.log(`    ${text}`);
  }
  console.log(`${reviews.length} review(s)`);
} else if ((action === "publish" || action === "hide") && arg) {
  const done = await setReviewStatus(arg, action === "publish" ? "published" : "hidden");
  if (done) console.log(`${arg}: ${action === "publish" ? "published" : "hidden"}`);
  else {
    console.error(`${action}: no review with id ${arg}`);
    process.exitCode = 1;
  }
} else {
  usage();
}
await closeProcessDb();
