-- migrate:up
-- AlterTable
ALTER TABLE "LocationRequest" ADD COLUMN     "liveEndedAt" TIMESTAMP(3),
ADD COLUMN     "liveUntil" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "LivePosition" (
    "id" SERIAL NOT NULL,
    "requestId" TEXT NOT NULL,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "accuracyMeters" DOUBLE PRECISION,
    "recordedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LivePosition_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LivePosition_requestId_id_idx" ON "LivePosition"("requestId", "id");

-- AddForeignKey
ALTER TABLE "LivePosition" ADD CONSTRAINT "LivePosition_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "LocationRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- migrate:down
