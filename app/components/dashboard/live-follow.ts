/**
 * While the page of one request follows a live share, it asks GET /dashboard/live this often, so that a
 * new position shows within 5 s of being stored (the check plus the page's reload of its data). Chosen
 * over Server-Sent Events by measurement (docs/decisions/049); `npm run bench` measures it again.
 */
export const LIVE_FOLLOW_INTERVAL_MS = 3_000;
