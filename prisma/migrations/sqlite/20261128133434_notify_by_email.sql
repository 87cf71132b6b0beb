-- migrate:up
-- AlterTable (a column with a constant default: SQLite adds it in place, no table to redefine)
ALTER TABLE "User" ADD COLUMN "notifyByEmail" BOOLEAN NOT NULL DEFAULT true;

-- migrate:down
