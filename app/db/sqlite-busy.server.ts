// Waiting for another process's SQLite write lock without stopping the process (docs/decisions/041).
// better-sqlite3 runs each statement on the event loop, and SQLite's own busy handler (`busy_timeout`)
// sleeps inside that call: while another process held the write lock, every request of the process
// waited, `/healthz` included. The connections here have no synchronous wait at all (`busy_timeout`
// 0: any wait in the call is multiplied by the number of requests waiting); a statement or a BEGIN
// that meets the lock fails at once with SQLITE_BUSY, and is tried again after a timer, until the
// deadline (DATABASE_BUSY_TIMEOUT_MS), while the process serves everything else.
import type { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";

/** SQLite's own wait inside a call: none. */
export const SQLITE_SYNC_BUSY_TIMEOUT_MS = 0;
/** The first pause after SQLITE_BUSY, doubled after each try up to the longest. */
const FIRST_PAUSE_MS = 1;
const LONGEST_PAUSE_MS = 20;

/**
 * SQLITE_BUSY (and its extended codes), whether from better-sqlite3 itself or wrapped by Prisma's
 * adapter (a DriverAdapterError whose cause keeps the driver's code).
 */
export function isSqliteBusy(error: unknown) {
  const e = error as { code?: unknown; cause?: { originalCode?: unknown } } | null;
  const code = typeof e?.code === "string" ? e.code : e?.cause?.originalCode;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` and, while it fails with SQLITE_BUSY, again after a pause, until `waitMs` have
 * passed; then the last SQLITE_BUSY is thrown (the edge answers 503). Only for work that SQLITE_BUSY
 * leaves undone: a statement outside a transaction (SQLite rolls its own implicit transaction back)
 * or the BEGIN of one.
 */
export async function whileBusy<T>(attempt: () => Promise<T> | T, waitMs: number): Promise<T> {
  const deadline = Date.now() + waitMs;
  let wait = FIRST_PAUSE_MS;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      const left = deadline - Date.now();
      if (!isSqliteBusy(error) || left <= 0) throw error;
      await pause(Math.min(wait, left));
      wait = Math.min(wait * 2, LONGEST_PAUSE_MS);
    }
  }
}

type Adapter = Awaited<ReturnType<PrismaBetterSQLite3["connect"]>>;

/**
 * Prisma's SQLite adapter with the lock waited for on timers: its statements outside a transaction
 * and the `BEGIN IMMEDIATE` that starts one (the patched adapter's; statements inside the
 * transaction then hold the lock and never wait). The adapter releases its transaction mutex when
 * BEGIN fails, so other transactions of the process take their turn meanwhile.
 */
export function waitingForLocks(factory: PrismaBetterSQLite3, waitMs: number): PrismaBetterSQLite3 {
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter: Adapter = await connect();
    const queryRaw = adapter.queryRaw.bind(adapter);
    const executeRaw = adapter.executeRaw.bind(adapter);
    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.queryRaw = (query) => whileBusy(() => queryRaw(query), waitMs);
    adapter.executeRaw = (query) => whileBusy(() => executeRaw(query), waitMs);
    adapter.startTransaction = (isolationLevel) => whileBusy(() => startTransaction(isolationLevel), waitMs);
    return adapter;
  };
  return factory;
}
