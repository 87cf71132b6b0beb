// A MaxMind DB (https://maxmind.github.io/MaxMind-DB/) read piece by piece from an open file: a lookup
// reads the search tree's nodes on its path and its record with positioned reads, through a small
// cache of 4 KB blocks. Nothing else is held, so a worker's memory does not grow with the file (the
// IP databases are ~130 MB; docs/decisions/036), and no read runs on the event loop.
import { open, type FileHandle } from "node:fs/promises";

import { z } from "zod";

/** Where the bytes come from: the file, or (the metadata) a buffer already read. */
type Source = { size: number; read(offset: number, length: number): Promise<Uint8Array> };

const BLOCK = 4096;
/** Blocks kept per file (1 MB): a lookup touches 20–40 of them, the tree's upper levels for every lookup. */
const DEFAULT_CACHE_BLOCKS = 256;
/** The metadata starts after the last of these in the file's last 128 KB. */
const METADATA_MARKER = Buffer.from("\xab\xcd\xefMaxMind.com", "latin1");
const METADATA_MAX = 128 * 1024;
/** The 16 zero bytes between the search tree and the data section. */
const DATA_SECTION_SEPARATOR = 16;

const metadataSchema = z.object({
  binary_format_major_version: z.literal(2),
  node_count: z.number().int().positive(),
  record_size: z.union([z.literal(24), z.literal(28), z.literal(32)]),
  ip_version: z.union([z.literal(4), z.literal(6)]),
});
export type MmdbMetadata = z.infer<typeof metadataSchema>;

/** A file's bytes through a bounded least-recently-used cache of whole blocks. */
class BlockCache implements Source {
  private readonly blocks = new Map<number, Buffer>();
  private readonly pending = new Map<number, Promise<Buffer>>();

  constructor(
    readonly file: FileHandle,
    readonly size: number,
    private readonly maxBlocks: number,
  ) {}

  get cachedBytes() {
    return this.blocks.size * BLOCK;
  }

  private block(index: number): Buffer | Promise<Buffer> {
    const held = this.blocks.get(index);
    if (held) {
      // Most recently used last: the Map's first entry is the one to let go.
      this.blocks.delete(index);
      this.blocks.set(index, held);
      return held;
    }
    let reading = this.pending.get(index);
    if (!reading) {
      const start = index * BLOCK;
      const buffer = Buffer.allocUnsafe(Math.min(BLOCK, this.size - start));
      reading = this.file
        .read(buffer, 0, buffer.length, start)
        .then(({ bytesRead }) => {
          if (bytesRead !== buffer.length) throw new Error(`MaxMind DB: short read at ${start}`);
          this.blocks.set(index, buffer);
          if (this.blocks.size > this.maxBlocks) this.blocks.delete(this.blocks.keys().next().value!);
          return buffer;
        })
        .finally(() => this.pending.delete(index));
      this.pending.set(index, reading);
    }
    return reading;
  }

  async read(offset: number, length: number): Promise<Uint8Array> {
    if (offset < 0 || length < 0 || offset + length > this.size) {
      throw new Error(`MaxMind DB: read of ${length} bytes at ${offset} is outside the file`);
    }
    if (length === 0) return new Uint8Array(0);
    const first = Math.floor(offset / BLOCK);
    const last = Math.floor((offset + length - 1) / BLOCK);
    if (first === last) {
      const block = await this.block(first);
      return block.subarray(offset - first * BLOCK, offset - first * BLOCK + length);
    }
    const out = Buffer.allocUnsafe(length);
    for (let index = first, at = 0; index <= last; index++) {
      const block = await this.block(index);
      const from = Math.max(offset - index * BLOCK, 0);
      const to = Math.min(offset + length - index * BLOCK, block.length);
      block.copy(out, at, from, to);
      at += to - from;
    }
    return out;
  }
}

/** Bytes already read as a source (the metadata, a test's encoded values). */
export const bufferSource = (bytes: Buffer): Source => ({
  size: bytes.length,
  read: async (offset, length) => {
    if (offset < 0 || offset + length > bytes.length) throw new Error("MaxMind DB: metadata is truncated");
    return bytes.subarray(offset, offset + length);
  },
});

const view = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const unsigned = (bytes: Uint8Array) => bytes.reduce((value, byte) => value * 256 + byte, 0);

const TYPES = [
  "extended",
  "pointer",
  "utf8_string",
  "double",
  "bytes",
  "uint16",
  "uint32",
  "map",
  "int32",
  "uint64",
  "uint128",
  "array",
  "data cache container",
  "end marker",
  "boolean",
  "float",
] as const;

/**
 * Decodes the data section's values: `base` is where pointers count from. Every type of the format's
 * version 2 a lookup can meet is decoded as mmdb-lib decodes it (uint64 and uint128 as bigint, bytes
 * as a Buffer); the data cache container and the end marker, which only a writer uses, are refused.
 */
export class MmdbDecoder {
  constructor(
    private readonly source: Source,
    private readonly base: number,
  ) {}

  /** The value at `offset`, and where the next one starts. */
  async decode(offset: number, followed = false): Promise<[unknown, number]> {
    if (offset < 0 || offset >= this.source.size) throw new Error(`MaxMind DB: no value at ${offset}`);
    const head = await this.source.read(offset, Math.min(5, this.source.size - offset));
    const control = head[0]!;
    let type = control >> 5;
    let at = 1;
    if (type === 1) {
      // A pointer: its target is decoded in its place, and the value after it follows the pointer.
      if (followed) throw new Error(`MaxMind DB: a pointer to a pointer at ${offset}`);
      const bytes = ((control >> 3) & 3) + 1;
      if (head.length < 1 + bytes) throw new Error(`MaxMind DB: a pointer cut short at ${offset}`);
      const rest = unsigned(head.subarray(1, 1 + bytes));
      const target = bytes === 4 ? rest : (control & 7) * 256 ** bytes + rest + [0, 2048, 526336][bytes - 1]!;
      const [value] = await this.decode(this.base + target, true);
      return [value, offset + 1 + bytes];
    }
    if (type === 0) {
      type = 7 + (head[at++] ?? 0);
      if (type < 8 || type > 15) throw new Error(`MaxMind DB: unknown extended type ${type} at ${offset}`);
    }
    let size = control & 31;
    if (size >= 29) {
      const extra = size - 28;
      if (head.length < at + extra) throw new Error(`MaxMind DB: a size cut short at ${offset}`);
      size = [29, 285, 65821][extra - 1]! + unsigned(head.subarray(at, at + extra));
      at += extra;
    }
    return this.decodeValue(TYPES[type]!, offset + at, size, offset);
  }

  private async payload(offset: number, size: number) {
    return view(await this.source.read(offset, size));
  }

  private async decodeValue(
    type: (typeof TYPES)[number],
    at: number,
    size: number,
    offset: number,
  ): Promise<[unknown, number]> {
    const end = at + size;
    switch (type) {
      case "utf8_string":
        return [(await this.payload(at, size)).toString("utf8"), end];
      case "double":
        if (size !== 8) throw new Error(`MaxMind DB: a double of ${size} bytes at ${offset}`);
        return [(await this.payload(at, 8)).readDoubleBE(0), end];
      case "float":
        if (size !== 4) throw new Error(`MaxMind DB: a float of ${size} bytes at ${offset}`);
        return [(await this.payload(at, 4)).readFloatBE(0), end];
      case "bytes":
        return [Buffer.from(await this.payload(at, size)), end];
      case "uint16":
      case "uint32": {
        if (size > (type === "uint16" ? 2 : 4)) throw new Error(`MaxMind DB: a ${type} of ${size} bytes at ${offset}`);
        return [unsigned(await this.payload(at, size)), end];
      }
      case "int32": {
        if (size > 4) throw new Error(`MaxMind DB: an int32 of ${size} bytes at ${offset}`);
        const bytes = await this.payload(at, size);
        return [size === 4 ? bytes.readInt32BE(0) : unsigned(bytes), end];
      }
      case "uint64":
      case "uint128": {
        if (size > (type === "uint64" ? 8 : 16)) throw new Error(`MaxMind DB: a ${type} of ${size} bytes at ${offset}`);
        const bytes = await this.payload(at, size);
        return [bytes.reduce((value, byte) => (value << 8n) | BigInt(byte), 0n), end];
      }
      case "boolean":
        if (size > 1) throw new Error(`MaxMind DB: a boolean of size ${size} at ${offset}`);
        return [size === 1, at];
      case "map": {
        const map: Record<string, unknown> = {};
        let next = at;
        for (let i = 0; i < size; i++) {
          const [key, afterKey] = await this.decode(next);
          if (typeof key !== "string") throw new Error(`MaxMind DB: a map key that is not a string at ${next}`);
          [map[key], next] = await this.decode(afterKey);
        }
        return [map, next];
      }
      case "array": {
        const array: unknown[] = [];
        let next = at;
        for (let i = 0; i < size; i++) [array[i], next] = await this.decode(next);
        return [array, next];
      }
      default:
        throw new Error(`MaxMind DB: type "${type}" is not supported (at ${offset})`);
    }
  }
}

function ipv4Bytes(ip: string): Uint8Array | null {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  const octets = v4?.slice(1).map(Number);
  return octets?.every((n) => n <= 255) ? Uint8Array.from(octets) : null;
}

/** An address as the bytes the search tree is walked by, or null when it is none. */
export function addressBytes(ip: string): Uint8Array | null {
  if (!ip.includes(":")) return ipv4Bytes(ip);
  // A zone (fe80::1%eth0) names an interface, not part of the address.
  const halves = ip.replace(/%[0-9a-zA-Z.:-]+$/, "").split("::");
  if (halves.length > 2) return null;
  const groups = (part: string): number[] | null => {
    if (part === "") return [];
    const out: number[] = [];
    const parts = part.split(":");
    for (const [i, group] of parts.entries()) {
      const embedded = i === parts.length - 1 ? ipv4Bytes(group) : null;
      if (embedded) out.push(embedded[0]! * 256 + embedded[1]!, embedded[2]! * 256 + embedded[3]!);
      else if (/^[0-9a-fA-F]{1,4}$/.test(group)) out.push(parseInt(group, 16));
      else return null;
    }
    return out;
  };
  const left = groups(halves[0]!);
  const right = halves.length === 2 ? groups(halves[1]!) : [];
  if (!left || !right) return null;
  const missing = 8 - left.length - right.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...left, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...right];
  return Uint8Array.from(all.flatMap((group) => [group >> 8, group & 255]));
}

/** One database file, open for lookups for as long as the process runs. */
export class MmdbFile {
  private ipv4Start: Promise<number> | undefined;

  private constructor(
    private readonly blocks: BlockCache,
    readonly metadata: MmdbMetadata,
    private readonly decoder: MmdbDecoder,
  ) {}

  /** Opens the file and reads its metadata (the file's last bytes); nothing else is read yet. */
  static async open(path: string, cacheBlocks = DEFAULT_CACHE_BLOCKS) {
    const file = await open(path, "r");
    try {
      const { size } = await file.stat();
      const tailLength = Math.min(size, METADATA_MAX);
      const tail = Buffer.alloc(tailLength);
      await file.read(tail, 0, tailLength, size - tailLength);
      const marker = tail.lastIndexOf(METADATA_MARKER);
      if (marker < 0) throw new Error(`MaxMind DB: no metadata in ${path}`);
      const start = marker + METADATA_MARKER.length;
      const metadataBytes = Buffer.from(tail.subarray(start));
      const [raw] = await new MmdbDecoder(bufferSource(metadataBytes), 0).decode(0);
      const metadata = metadataSchema.parse(raw);
      const blocks = new BlockCache(file, size - tailLength + marker, cacheBlocks);
      const searchTreeSize = (metadata.node_count * metadata.record_size) / 4;
      return new MmdbFile(blocks, metadata, new MmdbDecoder(blocks, searchTreeSize + DATA_SECTION_SEPARATOR));
    } catch (error) {
      await file.close();
      throw error;
    }
  }

  /** Closes the file (a server keeps it open for good: lookups come at any time). */
  close() {
    return this.blocks.file.close();
  }

  /** Bytes the block cache holds now (bounded by its block count). */
  get cachedBytes() {
    return this.blocks.cachedBytes;
  }

  private async child(node: number, bit: number) {
    const bytes = this.metadata.record_size / 4;
    const b = await this.blocks.read(node * bytes, bytes);
    switch (this.metadata.record_size) {
      case 24:
        return bit ? unsigned(b.subarray(3, 6)) : unsigned(b.subarray(0, 3));
      case 28:
        return bit
          ? (b[3]! & 0x0f) * 2 ** 24 + unsigned(b.subarray(4, 7))
          : (b[3]! >> 4) * 2 ** 24 + unsigned(b.subarray(0, 3));
      default:
        return bit ? unsigned(b.subarray(4, 8)) : unsigned(b.subarray(0, 4));
    }
  }

  /** In an IPv6 tree, IPv4 addresses are those of ::/96: the node 96 zero bits down. */
  private startFor(address: Uint8Array) {
    if (address.length === 16 || this.metadata.ip_version === 4) return Promise.resolve(0);
    this.ipv4Start ??= (async () => {
      let node = 0;
      for (let i = 0; i < 96 && node < this.metadata.node_count; i++) node = await this.child(node, 0);
      return node;
    })();
    return this.ipv4Start;
  }

  /** The record of the network holding `address` (bytes from addressBytes), or null when none does. */
  async lookup(address: Uint8Array): Promise<unknown> {
    // An IPv4 database places no IPv6 address.
    if (address.length === 16 && this.metadata.ip_version === 4) return null;
    const nodeCount = this.metadata.node_count;
    let node = await this.startFor(address);
    for (let depth = 0; depth < address.length * 8 && node < nodeCount; depth++) {
      node = await this.child(node, (address[depth >> 3]! >> (7 - (depth & 7))) & 1);
    }
    if (node <= nodeCount) return null;
    const searchTreeSize = (nodeCount * this.metadata.record_size) / 4;
    const [record] = await this.decoder.decode(node - nodeCount + searchTreeSize);
    return record;
  }
}
