-- migrate:up
-- CreateTable
CREATE TABLE "SignInThrottle" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL,
    "blockedUntil" BIGINT NOT NULL,
    "backoffMs" BIGINT NOT NULL,
    "expiresAt" BIGINT NOT NULL,

    CONSTRAINT "SignInThrottle_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "CheckoutBrowser" (
    "checkoutId" TEXT NOT NULL,
    "secretHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CheckoutBrowser_pkey" PRIMARY KEY ("checkoutId")
);

-- CreateTable
CREATE TABLE "PaymentJob" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextRunAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMP(3),
    "doneAt" TIMESTAMP(3),
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PaymentJob_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SignInThrottle_expiresAt_idx" ON "SignInThrottle"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "PaymentJob_key_key" ON "PaymentJob"("key");

-- CreateIndex
CREATE INDEX "PaymentJob_doneAt_nextRunAt_idx" ON "PaymentJob"("doneAt", "nextRunAt");

-- migrate:down
