/**
 * RSA-OAEP (SHA-1) with the server's public key through Web Crypto: no library in the bundle.
 * node-rsa's pkcs1_oaep scheme decrypts it on the server.
 */
export async function encryptPassword(publicKeyPem: string, password: string): Promise<string> {
  const base64 = publicKeyPem.replace(/-----[^-]+-----/g, "").replace(/\s+/g, "");
  const der = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey("spki", der, { name: "RSA-OAEP", hash: "SHA-1" }, false, ["encrypt"]);
  const cipher = new Uint8Array(
    await crypto.subtle.encrypt({ name: "RSA-OAEP" }, key, new TextEncoder().encode(password)),
  );
  let binary = "";
  for (const byte of cipher) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Web Crypto exists only in secure contexts; elsewhere the form posts as it does without JavaScript. */
export function canEncrypt() {
  return typeof crypto !== "undefined" && !!crypto.subtle;
}
