-- migrate:up
-- AlterTable
ALTER TABLE "User" ADD COLUMN "passwordChosenAt" DATETIME;

-- Accounts made before this rule have a password their owner knows (it was e-mailed to them).
UPDATE "User" SET "passwordChosenAt" = "createdAt";

-- migrate:down
