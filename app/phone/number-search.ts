// The number a visitor searched on the home page travels in the query (`country`, `number`): to the
import { paths } from "~/http/paths";

// payment modal, through checkout and the automatic sign-in, and into New Search, which starts with
// it filled in. Plain strings only: New Search validates the number when it is sent.

export type SearchedNumber = { country: string; number: string };

/** Longer input is no phone number; the fields refuse it too. */
export const NUMBER_MAX = 40;
const COUNTRY_MAX = 5;

export function searchedNumber(params: URLSearchParams): SearchedNumber | null {
  const number = (params.get("number") ?? "").trim();
  if (!number || number.length > NUMBER_MAX) return null;
  return { country: (params.get("country") ?? "").trim().slice(0, COUNTRY_MAX), number };
}

/** `path` (with or without a query) with the searched number added, or unchanged when there is none. */
export function withSearchedNumber(path: string, searched: SearchedNumber | null) {
  if (!searched) return path;
  const url = new URL(path, "http://localhost");
  if (searched.country) url.searchParams.set("country", searched.country);
  url.searchParams.set("number", searched.number);
  return url.pathname + url.search;
}

/** New Search, with the searched number filled in when there is one. */
export function newSearchPath(searched: SearchedNumber | null) {
  return withSearchedNumber(paths.newSearch, searched);
}
