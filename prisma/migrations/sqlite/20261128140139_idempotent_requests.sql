-- migrate:up
-- CreateTable
CREATE TABLE "IdempotentRequest" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "scope" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "status" INTEGER,
    "body" TEXT,
    "headers" TEXT,
    "lockedUntil" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "IdempotentRequest_createdAt_idx" ON "IdempotentRequest"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "IdempotentRequest_scope_key_key" ON "IdempotentRequest"("scope", "key");

-- migrate:down
