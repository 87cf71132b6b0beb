-- migrate:up
-- CreateTable
CREATE TABLE "LocationRequest" (
    "id" TEXT NOT NULL PRIMARY KEY,
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
    "openedAt" DATETIME,
    "locatedAt" DATETIME,
    "latitude" REAL,
    "longitude" REAL,
    "accuracyMeters" REAL,
    "address" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "LocationRequest_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "UsageSlot" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "lastAtMs" BIGINT NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "LocationRequest_code_key" ON "LocationRequest"("code");

-- CreateIndex
CREATE INDEX "LocationRequest_userId_channel_createdAt_idx" ON "LocationRequest"("userId", "channel", "createdAt");

-- CreateIndex
CREATE INDEX "LocationRequest_locatedAt_idx" ON "LocationRequest"("locatedAt");

-- migrate:down
