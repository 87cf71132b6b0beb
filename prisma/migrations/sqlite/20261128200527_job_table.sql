-- migrate:up
-- The job table was named for its first jobs (a payment's); it holds every kind. Renamed, its rows
-- kept: SQLite cannot rename an index, so the two are made again under the names Prisma gives them.
ALTER TABLE "PaymentJob" RENAME TO "Job";

DROP INDEX "PaymentJob_key_key";
CREATE UNIQUE INDEX "Job_key_key" ON "Job"("key");

DROP INDEX "PaymentJob_doneAt_nextRunAt_idx";
CREATE INDEX "Job_doneAt_nextRunAt_idx" ON "Job"("doneAt", "nextRunAt");

-- migrate:down
