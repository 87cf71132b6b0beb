// Purges in bounded batches (docs/decisions/036): a retention sweep that finds 130,000 rows must not
// rewrite them in one long write transaction that holds SQLite's write lock (every other write waits)
// or PostgreSQL's row locks and WAL for seconds. Each batch is one short statement of its own.

/** Rows per batch: each batch's statement is one short transaction of its own. */
export const PURGE_BATCH = 1000;

/**
 * Runs `apply` on the ids `next` finds, `batch` at a time, until a batch comes back short; answers
 * how many rows `apply` changed in all. `apply` must repeat `next`'s condition, so that a row changed
 * in between is left alone, and must make the rows it changes stop matching it (or delete them).
 * Stops early when a batch changes nothing (the rows changed meanwhile), so it cannot loop.
 */
export async function inBatches(
  next: (take: number) => Promise<{ id: string }[]>,
  apply: (ids: string[]) => Promise<number | { count: number }>,
  batch = PURGE_BATCH,
) {
  let total = 0;
  for (;;) {
    const ids = (await next(batch)).map((row) => row.id);
    if (ids.length === 0) return total;
    const result = await apply(ids);
    const count = typeof result === "number" ? result : result.count;
    total += count;
    if (ids.length < batch || count === 0) return total;
  }
}

/**
 * Deletes the rows of a model matching `where`, in batches. Works with any Prisma delegate whose
 * rows have a string `id`.
 */
export function deleteInBatches<W extends object>(
  delegate: {
    findMany(args: { where: W; select: { id: true }; take: number }): Promise<{ id: string }[]>;
    deleteMany(args: { where: W & { id: { in: string[] } } }): Promise<{ count: number }>;
  },
  where: W,
  batch = PURGE_BATCH,
) {
  return inBatches(
    (take) => delegate.findMany({ where, select: { id: true }, take }),
    (ids) => delegate.deleteMany({ where: { ...where, id: { in: ids } } }),
    batch,
  );
}
