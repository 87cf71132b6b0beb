-- migrate:up
-- The job table was named for its first jobs (a payment's); it holds every kind. Renamed, its rows
-- kept, with its primary key and indexes under the names Prisma gives them.
ALTER TABLE "PaymentJob" RENAME TO "Job";
ALTER TABLE "Job" RENAME CONSTRAINT "PaymentJob_pkey" TO "Job_pkey";
ALTER INDEX "PaymentJob_key_key" RENAME TO "Job_key_key";
ALTER INDEX "PaymentJob_doneAt_nextRunAt_idx" RENAME TO "Job_doneAt_nextRunAt_idx";

-- migrate:down
