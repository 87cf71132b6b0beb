// A local stand-in for a browser's push service (Web Push, RFC 8030), enough to prove a message end to
// end: it checks the VAPID JWT (RFC 8292: ES256 signature by the key in `k`, the audience is this
// origin, a near expiry) and decrypts the aes128gcm payload (RFC 8291/8188) with the subscription's
// private key, generated here as a browser would. Each subscription answers `status` (201 by default;
// 404/410 for a subscription the service no longer knows, 500 for a failure).
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type Received = {
  subscription: string;
  /** The decrypted payload, or why it could not be read. */
  payload: unknown;
  plaintext: string;
  error: string | null;
  claims: { aud?: string; exp?: number; sub?: string } | null;
  headers: Record<string, string | string[] | undefined>;
};

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188 §2: one record, the last, padded with 0x02 then zeros. */
function decrypt(body: Buffer, uaPrivate: ReturnType<typeof createECDH>, auth: Buffer) {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const uaPublic = uaPrivate.getPublicKey();
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const prkKey = hmac(auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end).toString("utf8");
}

/** `vapid t=<JWT>, k=<public key>`: the claims when the ES256 signature verifies with k, else why not. */
function checkVapid(header: string | undefined, origin: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? "");
  if (!match) throw new Error("no VAPID authorization");
  const [signed, signature] = [match[1]!.slice(0, match[1]!.lastIndexOf(".")), match[1]!.split(".")[2]!];
  const point = Buffer.from(match[2]!, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const ok = verify(
    "sha256",
    Buffer.from(signed),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!ok) throw new Error("VAPID signature does not verify");
  const claims = JSON.parse(Buffer.from(signed.split(".")[1]!, "base64url").toString()) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (claims.aud !== origin) throw new Error(`VAPID audience ${claims.aud} is not ${origin}`);
  const now = Date.now() / 1000;
  if (!claims.exp || claims.exp < now || claims.exp > now + 24 * 3600) throw new Error("VAPID expiry out of range");
  return claims;
}

export async function startPushService() {
  const subscriptions = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer; status: number }>();
  const received: Received[] = [];
  let origin = "";
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? "")?.[1] ?? "";
      const subscription = subscriptions.get(id);
      const entry: Received = {
        subscription: id,
        payload: null,
        plaintext: "",
        error: null,
        claims: null,
        headers: req.headers,
      };
      received.push(entry);
      if (!subscription || req.method !== "POST") return res.writeHead(404).end();
      try {
        entry.claims = checkVapid(req.headers.authorization, origin);
        if (req.headers["content-encoding"] !== "aes128gcm") throw new Error("not aes128gcm");
        if (!req.headers.ttl) throw new Error("no TTL");
        entry.plaintext = decrypt(Buffer.concat(chunks), subscription.ecdh, subscription.auth);
        entry.payload = JSON.parse(entry.plaintext);
      } catch (error) {
        entry.error = (error as Error).message;
        return res.writeHead(400).end(entry.error);
      }
      res.writeHead(subscription.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    /** A new subscription, as a browser's PushManager.subscribe() gives it (its keys made here). */
    subscribe(status = 201) {
      const id = randomBytes(8).toString("hex");
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscriptions.set(id, { ecdh, auth, status });
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        p256dh: ecdh.getPublicKey().toString("base64url"),
        auth: auth.toString("base64url"),
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
