-- migrate:up
-- AlterTable
ALTER TABLE "RefundRequest" ADD COLUMN     "confirmedAt" TIMESTAMP(3),
ADD COLUMN     "expiresAt" TIMESTAMP(3),
ADD COLUMN     "tokenHash" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "RefundRequest_tokenHash_key" ON "RefundRequest"("tokenHash");

-- migrate:down
