import { decode, encode } from "turbo-stream";
import { describe, expect, it } from "vitest";

import { isPacked, pack, packFor, setPacking, unpack, type Packed } from "./packed";

/** Loader data through turbo-stream, as Remix sends it to the browser and the browser reads it. */
async function overTheWire<T>(value: T): Promise<{ text: string; value: T }> {
  const text = await new Response(encode(value)).text();
  const decoded = await decode(new Response(text).body!);
  await decoded.done;
  return { text, value: decoded.value as T };
}

describe("packed loader data", () => {
  const messages = { home: { title: 'Find "them"', steps: ["one", "two"] }, brand: "Family Locator" };

  it("reaches the browser as its JSON text alone, which the browser parses to the same value", async () => {
    const sent = await overTheWire({ translations: pack(messages) });
    expect(sent.value.translations).toEqual({ json: JSON.stringify(messages) });
    expect(isPacked(sent.value.translations)).toBe(true);
    expect(unpack(sent.value.translations)).toEqual(messages);
    // The server's own value is not sent a second time beside the text.
    expect(sent.text.split("Family Locator")).toHaveLength(2);
  });

  it("is serialized once per object, and the server reads its own value without parsing", () => {
    const first = pack(messages);
    expect(pack(messages)).toBe(first);
    expect(unpack(first)).toBe(messages);
    let built = 0;
    const key = {};
    const make = () => ({ n: ++built });
    expect(unpack(packFor(key, "a", make))).toEqual({ n: 1 });
    expect(unpack(packFor(key, "a", make))).toEqual({ n: 1 });
    expect(built).toBe(1);
    // Another value built from the same cached object, under its own name.
    expect(unpack(packFor(key, "b", () => ({ other: true })))).toEqual({ other: true });
    expect(unpack(packFor(key, "a", make))).toEqual({ n: 1 });
  });

  it("gives the browser's components what the simple path (the value sent as it is) gives them", async () => {
    // `npm run bench -- --tricks` measures packing against a server that sends values as they are.
    const packed = await overTheWire({
      translations: pack(messages),
      page: packFor(messages, "page", () => ({ n: 1 })),
    });
    setPacking(false);
    try {
      const plain = await overTheWire({
        translations: pack(messages),
        page: packFor(messages, "page", () => ({ n: 1 })),
      });
      expect(plain.value.translations).toEqual(messages);
      expect(plain.text).not.toContain('"json"');
      expect(unpack(plain.value.translations)).toEqual(unpack(packed.value.translations));
      expect(unpack(plain.value.page)).toEqual(unpack(packed.value.page));
    } finally {
      setPacking(true);
    }
  });

  it("is parsed once per text in the browser", () => {
    const received: Packed<{ a: number[] }> = { json: '{"a":[1,2]}' };
    const again: Packed<{ a: number[] }> = { json: '{"a":[1,2]}' };
    expect(unpack(received)).toEqual({ a: [1, 2] });
    expect(unpack(again)).toBe(unpack(received));
    expect(isPacked({ json: 1 })).toBe(false);
    expect(isPacked(null)).toBe(false);
  });
});
