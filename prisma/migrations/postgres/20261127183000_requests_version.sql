-- migrate:up
-- The dashboard's live poll reads one number per account instead of counting its history: every write
-- to "LocationRequest" raises its account's number in the same transaction, whoever makes it (the app,
-- the recipient's answers, a recipient's erasure, the maintenance purges, a cascade). Once per
-- statement and account, so that a purge of a thousand rows is one update per account, not a thousand.
ALTER TABLE "User" ADD COLUMN     "requestCreatedAtMs" BIGINT,
ADD COLUMN     "requestsChangedAtMs" BIGINT,
ADD COLUMN     "requestsVersion" INTEGER NOT NULL DEFAULT 0;

CREATE FUNCTION "requests_version_raise"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    at_ms BIGINT := (extract(epoch FROM clock_timestamp()) * 1000)::BIGINT;
BEGIN
    IF TG_OP = 'INSERT' THEN
        UPDATE "User" u SET "requestsVersion" = u."requestsVersion" + 1, "requestsChangedAtMs" = at_ms,
            "requestCreatedAtMs" = GREATEST(u."requestCreatedAtMs", n.created_ms)
        FROM (SELECT "userId", (extract(epoch FROM max("createdAt")) * 1000)::BIGINT AS created_ms
              FROM new_rows GROUP BY "userId") n
        WHERE u."id" = n."userId";
    ELSIF TG_OP = 'UPDATE' THEN
        UPDATE "User" SET "requestsVersion" = "requestsVersion" + 1, "requestsChangedAtMs" = at_ms
        WHERE "id" IN (SELECT "userId" FROM new_rows UNION SELECT "userId" FROM old_rows);
    ELSE
        UPDATE "User" SET "requestsVersion" = "requestsVersion" + 1, "requestsChangedAtMs" = at_ms
        WHERE "id" IN (SELECT DISTINCT "userId" FROM old_rows);
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER "LocationRequest_version_insert" AFTER INSERT ON "LocationRequest"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "requests_version_raise"();
CREATE TRIGGER "LocationRequest_version_update" AFTER UPDATE ON "LocationRequest"
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "requests_version_raise"();
CREATE TRIGGER "LocationRequest_version_delete" AFTER DELETE ON "LocationRequest"
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "requests_version_raise"();

-- migrate:down
