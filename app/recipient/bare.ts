import { useMatches } from "@remix-run/react";
import { createContext } from "react";

import type { MessagesHandle } from "~/i18n/messages";

/**
 * A route that renders without hydration (the recipient's pages, opened from an SMS on a slow phone):
 * `export const handle: BareHandle = { bare: true }`. The root then sends server HTML with inline
 * critical CSS only: no framework scripts, no stylesheet link, no header menu, dialogs or toasts.
 */
export type BareHandle = { bare?: boolean };

/**
 * The handle of every recipient page: bare, with the recipient's messages. They only serve the server
 * render, so entry.server.tsx gives them to it directly (`FallbackMessages`) and the loaders do not
 * return them: a bare page's loader data is never read by a browser, yet Remix would encode it.
 */
export const recipientHandle: BareHandle & MessagesHandle = {
  bare: true,
  messages: ["recipient", "dashboard.position", "language", "common.skipToMain"],
};

/**
 * True when the page is bare. A bare route whose loader threw (no data) is shown by the root error
 * boundary in the normal app shell, so the catch-all's 'Page not found' keeps its usual page.
 */
export function useBare() {
  return useMatches().some((match) => (match.handle as BareHandle | undefined)?.bare === true && match.data != null);
}

/**
 * The bare pages' inline CSS (recipient/critical-css.ts), given to the render by entry.server.tsx: a
 * bare page never hydrates, so the browser's code never needs the 6 KB of CSS text (empty there).
 */
export const BareCss = createContext("");
