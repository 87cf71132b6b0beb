-- migrate:up
-- CreateTable
CREATE TABLE "SignInThrottle" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "failures" INTEGER NOT NULL,
    "blockedUntil" BIGINT NOT NULL,
    "backoffMs" BIGINT NOT NULL,
    "expiresAt" BIGINT NOT NULL
);

-- CreateTable
CREATE TABLE "CheckoutBrowser" (
    "checkoutId" TEXT NOT NULL PRIMARY KEY,
    "secretHash" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "PaymentJob" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextRunAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" DATETIME,
    "doneAt" DATETIME,
    "lastError" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "SignInThrottle_expiresAt_idx" ON "SignInThrottle"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "PaymentJob_key_key" ON "PaymentJob"("key");

-- CreateIndex
CREATE INDEX "PaymentJob_doneAt_nextRunAt_idx" ON "PaymentJob"("doneAt", "nextRunAt");

-- migrate:down
