-- migrate:up
-- AlterTable
ALTER TABLE "LocationRequest" ADD COLUMN     "liveSecretHash" TEXT;

-- migrate:down
