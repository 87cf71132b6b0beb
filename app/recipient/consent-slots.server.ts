// The consent page of a plain short link (`/{code}`, `/id/{code}`, `/ph/{code}`: no key, no query, a
// visitor without a session) is the same page for every request in one language and state but for
// three values: the requester's name, its initials and the code. It is rendered once with a token in
// place of each and kept as a shared render (app/http/page-cache.server.ts, docs/decisions/054);
// every answer is that render with its own nonce and its own values written into the tokens, escaped
// as React escapes text. The link is still opened and its opening recorded for every request, here,
// before the render is looked up; the page's loader takes what was opened here from the load context
// instead of reading it again. app/http/page-cache.test.ts holds every such answer to a fresh render's
// on a real server, for names with every character HTML escapes; consent-slots.server.test.ts says
// which requests are served this way.
import { randomBytes } from "node:crypto";

import { visitorKeyParts, type SlotFill } from "~/http/page-cache.server";
import type { RoutePolicy } from "~/http/policy";
import { recordOpened, stateOf } from "~/location-requests/answer.server";
import { CODE_PATTERN } from "~/location-requests/links.server";
import { trickOn } from "~/server/speed-tricks.server";
import { escapeHtml } from "~/utils/escape-html";

import { openLink, recipientView, type OpenedLink } from "./recipient.server";

/** What the page's loader renders in place of the link's own values. */
export type SlotTokens = { name: string; initials: string; code: string };

/** What the edge opened for the page's loader (the load context's `slottedConsent`). */
export type SlottedConsent = { link: OpenedLink; tokens: SlotTokens };

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** A plain link opened at the edge, to be rendered with tokens in its slots (this module). */
    slottedConsent?: SlottedConsent;
  }
}

// Letters and digits only, which React, URLs (`encodeURIComponent`) and i18next leave as they are,
// and random, so that no page text or requester's name can hold one. One set per process: the render
// kept under a key was made with these.
const token = () => `slot${randomBytes(12).toString("hex")}`;
const TOKENS: SlotTokens = { name: token(), initials: token(), code: token() };

/** A consent page's path of one segment with an optional language prefix (the segment a code or not). */
const PLAIN_PATH = /^\/(?:(id|ph)\/)?([^/]+)\/?$/;

/**
 * For a request of a plain link's consent page that one render may serve: opens the link, records the
 * opening, and gives the render's key, the values for its slots and what the loader renders with.
 * Null (the ordinary path) for anything else: another page, a recipient's own link (their controls),
 * a query, a session or any other cookie, an unknown, undelivered or expired link.
 */
export async function slottedConsent(
  method: string,
  url: URL,
  cookieHeader: string | undefined,
  policy: RoutePolicy | undefined,
): Promise<{ key: string; fills: SlotFill[]; url: URL; context: SlottedConsent } | null> {
  if (policy?.sharedRender !== "slots" || !trickOn("consent-slots")) return null;
  const path = PLAIN_PATH.exec(url.pathname);
  const code = path?.[2];
  if (!code || !CODE_PATTERN.test(code)) return null;
  const cookies = visitorKeyParts(method, url, cookieHeader);
  if (!cookies) return null;
  const link = await openLink(code);
  if (!link || link.keyed || stateOf(link.row) === "expired") return null;
  // Opening records only that it was opened, as the loader does.
  await recordOpened(link.row);
  const view = recipientView(link.row, code);
  // Everything else the page shows: its language (the prefix, the cookies), the request's state and
  // whether it may still be answered, and two settings.
  const key = [
    "consent",
    path[1] ?? "",
    view.state,
    view.canAnswer,
    view.retentionDays,
    view.approximateRadiusKm,
    url.pathname.endsWith("/"),
    ...cookies,
  ].join("\n");
  return {
    key,
    fills: [
      [TOKENS.name, escapeHtml(view.requesterName)],
      [TOKENS.initials, escapeHtml(view.requesterInitials)],
      [TOKENS.code, code],
    ],
    // What Remix is given: the page's own address with the code's token, so that whatever the page
    // takes from its address (the language menu's way back) holds the token too.
    url: new URL(url.pathname.replace(code, TOKENS.code), url),
    context: { link, tokens: TOKENS },
  };
}
