-- migrate:up
-- CreateTable
CREATE TABLE "ContentVersion" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "version" INTEGER NOT NULL DEFAULT 0
);

-- The home page keeps its reviews in memory while this number stays the same: every write to
-- "Review" raises it, whoever makes it (the app, the operator's command, a cascade from a deleted user).
INSERT INTO "ContentVersion" ("name", "version") VALUES ('reviews', 0);

CREATE TRIGGER "Review_version_insert" AFTER INSERT ON "Review"
BEGIN
    UPDATE "ContentVersion" SET "version" = "version" + 1 WHERE "name" = 'reviews';
END;

CREATE TRIGGER "Review_version_update" AFTER UPDATE ON "Review"
BEGIN
    UPDATE "ContentVersion" SET "version" = "version" + 1 WHERE "name" = 'reviews';
END;

CREATE TRIGGER "Review_version_delete" AFTER DELETE ON "Review"
BEGIN
    UPDATE "ContentVersion" SET "version" = "version" + 1 WHERE "name" = 'reviews';
END;

-- migrate:down
