// Loader data that many answers send alike (a page's messages, its fixed texts, the country list)
// is serialized once and sent as one JSON text, instead of being encoded again on every request.
// Remix encodes loader data with turbo-stream, which walks every object and string of it on each
// answer: for the home page that was the largest part of its encoding, for data that changes only
// with the language and the settings (docs/performance.md). A JSON text costs turbo-stream a single
// string, and the browser parses it with JSON.parse, once per text.
//
// On the server, the component that renders the page reads the value itself: it is kept on the
// packed object as a property that is not enumerable, which turbo-stream (Object.keys) does not send.

/** A value sent as its JSON text; `T` is what `unpack` gives back. */
export type Packed<T> = { readonly json: string; readonly __packed?: T };

/**
 * Off only in a server the bench starts without packing (app/server/speed-tricks.server.ts, set by
 * app/entry.server.tsx): values are then sent as they are, and `unpack` gives them back as they are.
 */
let packing = true;
export function setPacking(on: boolean) {
  packing = on;
}

const byKey = new WeakMap<object, Map<string, Packed<unknown>>>();

/** The packed form of `value`, serialized once per object: pass the same object (from a cache). */
export function pack<T extends object>(value: T): Packed<T> {
  return packFor(value, "", () => value);
}

/**
 * The packed form of what `make` builds from the cached object `key`, built and serialized once per
 * `key` and `name` (several values may be built from one cached object, each under its own name).
 */
export function packFor<T extends object>(key: object, name: string, make: () => T): Packed<T> {
  if (!packing) return make() as Packed<T>;
  let named = byKey.get(key);
  if (!named) byKey.set(key, (named = new Map()));
  let packed = named.get(name) as Packed<T> | undefined;
  if (!packed) {
    const value = make();
    packed = { json: JSON.stringify(value) };
    Object.defineProperty(packed, "value", { value, enumerable: false });
    named.set(name, packed);
  }
  return packed;
}

/** Texts parsed in this browser, by text: a page's loader data brings the same texts again. */
const parsed = new Map<string, unknown>();
const PARSED_KEPT = 64;

export function isPacked(value: unknown): value is Packed<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { json?: unknown }).json === "string";
}

/** The value of a packed text: the server's own object, or the browser's parse of the text. */
export function unpack<T>(packed: Packed<T>): T {
  if (!isPacked(packed)) return packed as T;
  const own = (packed as { value?: T }).value;
  if (own !== undefined) return own;
  if (parsed.has(packed.json)) return parsed.get(packed.json) as T;
  const value = JSON.parse(packed.json) as T;
  if (parsed.size >= PARSED_KEPT) parsed.delete(parsed.keys().next().value!);
  parsed.set(packed.json, value);
  return value;
}
