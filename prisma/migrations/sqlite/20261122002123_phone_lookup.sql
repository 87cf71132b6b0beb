-- migrate:up
-- CreateTable
CREATE TABLE "PhoneLookup" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "number" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "result" TEXT NOT NULL,
    "fetchedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE UNIQUE INDEX "PhoneLookup_number_key" ON "PhoneLookup"("number");

-- migrate:down
