// The Web Push sender's key pair (VAPID, RFC 8292: docs/decisions/048). From VAPID_PUBLIC_KEY and
// VAPID_PRIVATE_KEY when set; otherwise made on first use and kept in the database (the RsaKey table,
// which holds the server's kept key pairs as PEM), like the password-transport key, so every process
// signs with the same key and the browsers' subscriptions, bound to its public half, outlive a restart.
import { createPrivateKey, createPublicKey, generateKeyPairSync } from "node:crypto";

import { db } from "~/db/db.server";
import { config } from "~/server/config.server";

const KEY_ID = "vapid";

/** The pair as web-push and the browser's PushManager take it: base64url raw point and scalar. */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

let loaded: Promise<VapidKeys> | undefined;

export function vapidKeys(): Promise<VapidKeys> {
  loaded ??= loadKeys().catch((error) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

/** For tests that change the configuration between cases. */
export function forgetVapidKeys() {
  loaded = undefined;
}

async function loadKeys(): Promise<VapidKeys> {
  const c = config();
  const subject = c.VAPID_SUBJECT ?? `mailto:${c.CONTACT_EMAIL}`;
  if (c.VAPID_PUBLIC_KEY && c.VAPID_PRIVATE_KEY)
    return { publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY, subject };
  return { ...rawKeys(await storedOrNewPem()), subject };
}

/** The uncompressed public point (0x04 ‖ x ‖ y) and the private scalar d, from the PKCS#8 PEM. */
export function rawKeys(privatePem: string) {
  const jwk = createPrivateKey(privatePem).export({ format: "jwk" });
  const publicJwk = createPublicKey(privatePem).export({ format: "jwk" });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(publicJwk.x!, "base64url"),
    Buffer.from(publicJwk.y!, "base64url"),
  ]);
  return { publicKey: point.toString("base64url"), privateKey: jwk.d! };
}

async function storedOrNewPem(): Promise<string> {
  const existing = await db().rsaKey.findUnique({ where: { id: KEY_ID } });
  if (existing) return existing.privatePem;
  const pair = generateKeyPairSync("ec", {
    namedCurve: "prime256v1",
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  try {
    await db().rsaKey.create({ data: { id: KEY_ID, publicPem: pair.publicKey, privatePem: pair.privateKey } });
    return pair.privateKey;
  } catch {
    // Another process stored its pair first: use that one.
    return (await db().rsaKey.findUniqueOrThrow({ where: { id: KEY_ID } })).privatePem;
  }
}
