-- migrate:up
-- CreateTable
CREATE TABLE "AbuseReport" (
    "id" TEXT NOT NULL,
    "requestId" TEXT,
    "requesterId" TEXT,
    "requesterEmail" TEXT NOT NULL,
    "requesterName" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "details" TEXT,
    "fromRecipient" BOOLEAN NOT NULL,
    "locale" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AbuseReport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AbuseReport_createdAt_idx" ON "AbuseReport"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "AbuseReport_requestId_fromRecipient_key" ON "AbuseReport"("requestId", "fromRecipient");

-- AddForeignKey
ALTER TABLE "AbuseReport" ADD CONSTRAINT "AbuseReport_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "LocationRequest"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AbuseReport" ADD CONSTRAINT "AbuseReport_requesterId_fkey" FOREIGN KEY ("requesterId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- migrate:down
