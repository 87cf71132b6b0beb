-- migrate:up
-- CreateTable
CREATE TABLE "RecipientOptOut" (
    "recipientKey" TEXT NOT NULL PRIMARY KEY,
    "source" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "RecipientBlock" (
    "recipientKey" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("recipientKey", "userId")
);

-- CreateTable
CREATE TABLE "RecipientDecline" (
    "recipientKey" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "declinedAt" DATETIME NOT NULL,

    PRIMARY KEY ("recipientKey", "userId")
);

-- CreateIndex
CREATE INDEX "RecipientDecline_declinedAt_idx" ON "RecipientDecline"("declinedAt");

-- migrate:down
