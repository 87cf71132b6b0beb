export const MODAL_PARAMS = ["modal", "step", "email"] as const;

/** The page address without the modal's own parameters: where closing a modal goes. */
export function pageWithoutModal(pathname: string, search: string) {
  const params = new URLSearchParams(search);
  for (const name of MODAL_PARAMS) params.delete(name);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The same page with a modal open. */
export function pageWithModal(page: string, modal: Record<string, string>) {
  const url = new URL(page, "http://localhost");
  for (const [name, value] of Object.entries(modal)) url.searchParams.set(name, value);
  return url.pathname + url.search;
}
