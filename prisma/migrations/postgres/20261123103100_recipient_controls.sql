-- migrate:up
-- CreateTable
CREATE TABLE "RecipientOptOut" (
    "recipientKey" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RecipientOptOut_pkey" PRIMARY KEY ("recipientKey")
);

-- CreateTable
CREATE TABLE "RecipientBlock" (
    "recipientKey" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RecipientBlock_pkey" PRIMARY KEY ("recipientKey","userId")
);

-- CreateTable
CREATE TABLE "RecipientDecline" (
    "recipientKey" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "declinedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RecipientDecline_pkey" PRIMARY KEY ("recipientKey","userId")
);

-- CreateIndex
CREATE INDEX "RecipientDecline_declinedAt_idx" ON "RecipientDecline"("declinedAt");

-- migrate:down
