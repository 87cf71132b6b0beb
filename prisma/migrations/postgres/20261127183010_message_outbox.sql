-- migrate:up
-- AlterTable
ALTER TABLE "LocationRequest" ADD COLUMN     "providerMessageId" TEXT;

-- CreateIndex
CREATE INDEX "LocationRequest_providerMessageId_idx" ON "LocationRequest"("providerMessageId");

-- migrate:down
