// Reads what a loader or action answered the way a test wants it: a status, headers and typed data,
// whether the route returned or threw Remix's data(), a Response or a plain object.
import type { data as remixData } from "@remix-run/node";

type DataWithInit = ReturnType<typeof remixData>;

/**
 * The data inside a route's answer: `data()`'s value or a plain object as is. A Response (a redirect,
 * usually) adds nothing to a union; a route that answers only Responses has `unknown` (their JSON).
 */
export type DataOf<R> = [Exclude<R, Response>] extends [never] ? unknown : Unwrap<Exclude<R, Response>>;
type Unwrap<R> = R extends DataWithInit ? R["data"] : R;

/**
 * A union of page data read field by field: every field of any member, optional. A route that answers
 * one of several shapes (a page, "invalid link", "expired") can be read without narrowing first, e.g.
 * `const body: AnyOf<typeof data> = data`.
 */
export type AnyOf<U> = { [K in U extends unknown ? keyof U : never]?: U extends { [P in K]?: infer V } ? V : never };

export type RouteData<T> = { status: number; headers: Headers; data: T };

function isDataWithInit(value: unknown): value is DataWithInit {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/**
 * What a loader or action answered, returned or thrown (Remix sends a thrown Response or `data()`
 * the way it sends a returned one); other errors are thrown again.
 */
export async function settle<R>(answer: R | Promise<R>): Promise<R | Response | DataWithInit> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof Response || isDataWithInit(error)) return error;
    throw error;
  }
}

/**
 * Awaits a loader's or action's answer (returned or thrown: Remix sends both the same way) and reads
 * it: `data(value, init)` gives init's status (200 without one) and `value`; a Response its status
 * and its JSON body (null when it has none); a plain object status 200 and itself. Other errors are
 * thrown again. `T` is the data's type, inferred from the route's return type.
 */
export async function routeData<R, T = DataOf<Awaited<R>>>(answer: R | Promise<R>): Promise<RouteData<T>> {
  const value: unknown = await settle(answer);
  if (value instanceof Response) {
    const json = value.headers.get("Content-Type")?.includes("json");
    return { status: value.status, headers: value.headers, data: (json ? await value.clone().json() : null) as T };
  }
  if (isDataWithInit(value)) {
    return { status: value.init?.status ?? 200, headers: new Headers(value.init?.headers), data: value.data as T };
  }
  return { status: 200, headers: new Headers(), data: value as T };
}
