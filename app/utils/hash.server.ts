import { createHash, randomBytes, randomInt } from "node:crypto";

export function sha256(value: string) {
  return createHash("sha256").update(value).digest("hex");
}

/** An opaque, URL-safe secret with `bytes` bytes of randomness. */
export function randomToken(bytes = 32) {
  return randomBytes(bytes).toString("base64url");
}

export function randomDigits(length: number) {
  return Array.from({ length }, () => randomInt(10)).join("");
}
