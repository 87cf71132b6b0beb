import { RemixBrowser } from "@remix-run/react";
import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";

holdTapsUntilDataArrives();

startTransition(() => {
  hydrateRoot(document, <RemixBrowser />);
});

/**
 * Until Remix has decoded the page's data (streamed into the page, then read into
 * `__remixContext.state`), RemixBrowser suspends the whole page. A tap, a key or a form's submit in
 * that moment makes React 18 hydrate synchronously, which a suspended page cannot do: React throws
 * "Root did not complete" (error #345) and handles nothing. Such events are kept from React until then;
 * the browser still does what the page does without JavaScript (follows the link, submits the form,
 * types the letter). The events are React's own list of those that force hydration.
 */
function holdTapsUntilDataArrives() {
  const context = (window as unknown as { __remixContext?: { state?: unknown } }).__remixContext;
  if (!context || context.state) return;
  const types = (
    "mousedown mouseup touchcancel touchend touchstart auxclick dblclick pointercancel pointerdown " +
    "pointerup dragend dragstart drop compositionend compositionstart keydown keypress keyup input " +
    "textInput copy cut paste click change contextmenu reset submit"
  ).split(" ");
  const hold = (event: Event) => {
    if (!context.state) event.stopPropagation();
    else for (const type of types) window.removeEventListener(type, hold, true);
  };
  for (const type of types) window.addEventListener(type, hold, true);
}
