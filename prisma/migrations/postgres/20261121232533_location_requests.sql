-- migrate:up
-- CreateTable
CREATE TABLE "LocationRequest" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "target" TEXT,
    "title" TEXT,
    "requesterName" TEXT NOT NULL,
    "locale" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "decision" TEXT,
    "delivery" TEXT NOT NULL DEFAULT 'sent',
    "deliveryError" TEXT,
    "openedAt" TIMESTAMP(3),
    "locatedAt" TIMESTAMP(3),
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "accuracyMeters" DOUBLE PRECISION,
    "address" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LocationRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UsageSlot" (
    "key" TEXT NOT NULL,
    "lastAtMs" BIGINT NOT NULL,

    CONSTRAINT "UsageSlot_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "LocationRequest_code_key" ON "LocationRequest"("code");

-- CreateIndex
CREATE INDEX "LocationRequest_userId_channel_createdAt_idx" ON "LocationRequest"("userId", "channel", "createdAt");

-- CreateIndex
CREATE INDEX "LocationRequest_locatedAt_idx" ON "LocationRequest"("locatedAt");

-- AddForeignKey
ALTER TABLE "LocationRequest" ADD CONSTRAINT "LocationRequest_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- migrate:down
