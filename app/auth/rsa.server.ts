import { createHash, generateKeyPairSync } from "node:crypto";

import NodeRSA from "node-rsa";

import { db } from "~/db/db.server";
import { config } from "~/server/config.server";

const KEY_ID = "password-transport";

type KeyPair = { publicPem: string; privatePem: string; rsa: NodeRSA };
let loaded: Promise<KeyPair> | undefined;

/**
 * The 2048-bit key (e=65537) the browser encrypts passwords with. From RSA_PRIVATE_KEY when set;
 * otherwise generated on first start and kept in the database, so every process shares it.
 */
export function passwordKey(): Promise<KeyPair> {
  loaded ??= loadKey().catch((error) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

async function loadKey(): Promise<KeyPair> {
  const configured = config().RSA_PRIVATE_KEY;
  const privatePem = configured ?? (await storedOrNewKey());
  const rsa = new NodeRSA(privatePem, "pkcs8-private-pem");
  // node-rsa's default scheme is pkcs1_oaep with SHA-1: what Web Crypto's RSA-OAEP/SHA-1 produces.
  rsa.setOptions({ encryptionScheme: { scheme: "pkcs1_oaep", hash: "sha1" } });
  return { privatePem, publicPem: rsa.exportKey("pkcs8-public-pem"), rsa };
}

async function storedOrNewKey(): Promise<string> {
  const existing = await db().rsaKey.findUnique({ where: { id: KEY_ID } });
  if (existing) return existing.privatePem;
  const pair = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicExponent: 65537,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  try {
    await db().rsaKey.create({ data: { id: KEY_ID, publicPem: pair.publicKey, privatePem: pair.privateKey } });
    return pair.privateKey;
  } catch {
    // Another process stored its key first: use that one.
    const winner = await db().rsaKey.findUniqueOrThrow({ where: { id: KEY_ID } });
    return winner.privatePem;
  }
}

/** The plain password from the base64 ciphertext, or null when it does not decrypt. */
export async function decryptPassword(ciphertext: string): Promise<string | null> {
  const { rsa } = await passwordKey();
  try {
    return rsa.decrypt(ciphertext, "utf8");
  } catch {
    return null;
  }
}

/** Cookie signing secret: SESSION_SECRET, or derived from the shared private key. */
export async function cookieSecret(): Promise<string> {
  const configured = config().SESSION_SECRET;
  if (configured) return configured;
  const { privatePem } = await passwordKey();
  return createHash("sha256").update("cookie-secret:").update(privatePem).digest("base64");
}
