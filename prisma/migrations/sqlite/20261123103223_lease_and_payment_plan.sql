-- migrate:up
-- CreateTable
CREATE TABLE "Lease" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "holder" TEXT NOT NULL,
    "expiresAtMs" BIGINT NOT NULL
);

-- CreateTable
CREATE TABLE "PaymentPlan" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "planId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- migrate:down
