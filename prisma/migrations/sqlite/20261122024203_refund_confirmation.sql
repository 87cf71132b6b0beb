-- migrate:up
-- AlterTable
ALTER TABLE "RefundRequest" ADD COLUMN "confirmedAt" DATETIME;
ALTER TABLE "RefundRequest" ADD COLUMN "expiresAt" DATETIME;
ALTER TABLE "RefundRequest" ADD COLUMN "tokenHash" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "RefundRequest_tokenHash_key" ON "RefundRequest"("tokenHash");

-- migrate:down
