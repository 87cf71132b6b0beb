-- migrate:up
-- CreateTable
CREATE TABLE "ContentVersion" (
    "name" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ContentVersion_pkey" PRIMARY KEY ("name")
);

-- The home page keeps its reviews in memory while this number stays the same: every write to
-- "Review" raises it, whoever makes it (the app, the operator's command, a cascade from a deleted user).
INSERT INTO "ContentVersion" ("name", "version") VALUES ('reviews', 0);

CREATE FUNCTION "review_version_raise"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE "ContentVersion" SET "version" = "version" + 1 WHERE "name" = 'reviews';
    RETURN NULL;
END;
$$;

CREATE TRIGGER "Review_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Review"
    FOR EACH STATEMENT EXECUTE FUNCTION "review_version_raise"();

-- migrate:down
