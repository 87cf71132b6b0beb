-- migrate:up
-- AlterTable
ALTER TABLE "LocationRequest" ADD COLUMN "liveEndedAt" DATETIME;
ALTER TABLE "LocationRequest" ADD COLUMN "liveUntil" DATETIME;

-- CreateTable
CREATE TABLE "LivePosition" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "requestId" TEXT NOT NULL,
    "latitude" REAL NOT NULL,
    "longitude" REAL NOT NULL,
    "accuracyMeters" REAL,
    "recordedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "LivePosition_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "LocationRequest" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "LivePosition_requestId_id_idx" ON "LivePosition"("requestId", "id");

-- migrate:down
