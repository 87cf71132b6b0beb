// One time limit for every call to an outside service (PROVIDER_TIMEOUT_MS): SMS, voice, e-mail,
// number lookup and payments. The SDKs get it as their own request timeout (it closes the socket);
// `withinProviderTime` bounds the whole call as well, so that no caller waits longer even when an
// SDK retries or a server sends its answer a byte at a time.
import { config } from "~/server/config.server";

/** The call did not answer in time: the provider may still have acted on it (sent the message). */
export class ProviderTimeoutError extends Error {
  constructor(what: string, ms: number) {
    super(`${what}: no answer within ${ms} ms`);
    this.name = "ProviderTimeoutError";
  }
}

export const providerTimeoutMs = () => config().PROVIDER_TIMEOUT_MS;

export function withinProviderTime<T>(what: string, work: Promise<T>, ms = providerTimeoutMs()): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProviderTimeoutError(what, ms)), ms);
  });
  // The abandoned call may still settle later; its outcome is not awaited by anyone.
  work.catch(() => {});
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export const isProviderTimeout = (error: unknown) =>
  error instanceof ProviderTimeoutError ||
  (error as { code?: string }).code === "ECONNABORTED" ||
  (error as { code?: string }).code === "ETIMEDOUT" ||
  (error as { name?: string }).name === "TimeoutError" ||
  /timeout|timed out/i.test((error as Error)?.message ?? "");
