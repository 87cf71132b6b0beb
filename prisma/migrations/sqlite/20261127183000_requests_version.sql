-- migrate:up
-- The dashboard's live poll reads one number per account instead of counting its history: every write
-- to "LocationRequest" raises its account's number in the same transaction, whoever makes it (the app,
-- the recipient's answers, a recipient's erasure, the maintenance purges, a cascade).
ALTER TABLE "User" ADD COLUMN "requestsVersion" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "User" ADD COLUMN "requestsChangedAtMs" BIGINT;
ALTER TABLE "User" ADD COLUMN "requestCreatedAtMs" BIGINT;

CREATE TRIGGER "LocationRequest_version_insert" AFTER INSERT ON "LocationRequest"
BEGIN
    UPDATE "User" SET "requestsVersion" = "requestsVersion" + 1,
        "requestsChangedAtMs" = CAST(unixepoch('subsec') * 1000 AS INTEGER),
        "requestCreatedAtMs" = MAX(COALESCE("requestCreatedAtMs", 0),
            COALESCE(CAST(unixepoch(NEW."createdAt", 'subsec') * 1000 AS INTEGER), CAST(unixepoch('subsec') * 1000 AS INTEGER)))
    WHERE "id" = NEW."userId";
END;

CREATE TRIGGER "LocationRequest_version_update" AFTER UPDATE ON "LocationRequest"
BEGIN
    UPDATE "User" SET "requestsVersion" = "requestsVersion" + 1,
        "requestsChangedAtMs" = CAST(unixepoch('subsec') * 1000 AS INTEGER)
    WHERE "id" IN (NEW."userId", OLD."userId");
END;

CREATE TRIGGER "LocationRequest_version_delete" AFTER DELETE ON "LocationRequest"
BEGIN
    UPDATE "User" SET "requestsVersion" = "requestsVersion" + 1,
        "requestsChangedAtMs" = CAST(unixepoch('subsec') * 1000 AS INTEGER)
    WHERE "id" = OLD."userId";
END;

-- migrate:down
