-- migrate:up
-- DropForeignKey
ALTER TABLE "Payment" DROP CONSTRAINT "Payment_subscriptionId_fkey";

-- AlterTable
ALTER TABLE "Payment" ALTER COLUMN "subscriptionId" DROP NOT NULL;

-- AlterTable
ALTER TABLE "LocationRequest" ADD COLUMN     "recipientKey" TEXT;

-- CreateIndex
CREATE INDEX "LocationRequest_recipientKey_idx" ON "LocationRequest"("recipientKey");

-- CreateIndex
CREATE INDEX "LocationRequest_createdAt_idx" ON "LocationRequest"("createdAt");

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_subscriptionId_fkey" FOREIGN KEY ("subscriptionId") REFERENCES "Subscription"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- migrate:down
