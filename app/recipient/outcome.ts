// The outcome of a recipient's post, carried by the redirect that answers it (`?done=block`), so the
// page it lands on can say what happened at its top. The page shows it only when its own state agrees
// (a `done=block` on a link that blocks no one says nothing): an address can never claim an outcome.

/** The query parameter that names the post a page answers. */
export const OUTCOME_PARAM = "done";

export const OUTCOMES = ["optOut", "undoOptOut", "block", "unblock", "erase", "report"] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** ES5: the banner (`#outcome`) takes focus once the page is shown, so a screen reader reads it first. */
export const FOCUS_OUTCOME = 'var outcome=document.getElementById("outcome");if(outcome)outcome.focus();';

/** The outcome a page's address names, or null for anything else. */
export function outcomeOf(url: string): Outcome | null {
  const value = new URL(url, "http://localhost").searchParams.get(OUTCOME_PARAM);
  return OUTCOMES.find((outcome) => outcome === value) ?? null;
}

/** A recipient page's address with the outcome of the post that led there. */
export function withOutcome(path: string, outcome: Outcome) {
  return `${path}${path.includes("?") ? "&" : "?"}${OUTCOME_PARAM}=${outcome}`;
}

/** Whether the recipient's controls as they are now show that `outcome` happened. */
export function outcomeHolds(
  outcome: Outcome | null,
  controls: { optedOut: boolean; blocked: boolean; erased: boolean } | null,
): outcome is Exclude<Outcome, "report"> {
  if (!outcome || !controls) return false;
  if (outcome === "optOut") return controls.optedOut;
  if (outcome === "undoOptOut") return !controls.optedOut;
  if (outcome === "block") return controls.blocked && !controls.optedOut;
  if (outcome === "unblock") return !controls.blocked;
  if (outcome === "erase") return controls.erased;
  return false;
}
