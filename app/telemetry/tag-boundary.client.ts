// Once third-party tags run in a page, that page must never show a route where they may not run (a
// recipient's data: the dashboard, the recipient's pages, the voice and lookup pages). Every
// navigation there becomes a full page load, which starts without the tags. The data router is
// stopped before it fetches the next route's data, so nothing of it reaches this page.
import { matchRoutes, type Router } from "@remix-run/router";

import { policyOf } from "~/http/policy";

type RouterWindow = Window & { __remixRouter?: Router; __tagBoundary?: boolean };

/** Sends the submission the router was about to make as a plain form post (a full page load). */
function submitNatively(action: string, method: string, formData: FormData) {
  const form = document.createElement("form");
  form.method = method;
  form.action = action;
  form.hidden = true;
  for (const [name, value] of formData.entries()) {
    if (typeof value !== "string") continue;
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}

export function guardTagBoundary() {
  const w = window as RouterWindow;
  const router = w.__remixRouter;
  if (!router || w.__tagBoundary) return;
  w.__tagBoundary = true;
  router.subscribe((state) => {
    const next = state.navigation.location;
    // The route the router will navigate to, by its own matching (a route it has not discovered yet
    // matches as the catch-all page, where tags never run: a full page load, the safe side).
    const leaf = next ? matchRoutes(router.routes, next.pathname, router.basename)?.at(-1)?.route.id : undefined;
    if (!next || (leaf && policyOf(leaf)?.tags)) return;
    const url = next.pathname + next.search + next.hash;
    const { formMethod, formData, formAction } = state.navigation;
    router.dispose();
    if (formMethod && formMethod.toLowerCase() !== "get" && formData)
      submitNatively(formAction ?? url, formMethod, formData);
    else window.location.assign(url);
  });
}
