-- migrate:up
-- CreateIndex
CREATE INDEX "Review_status_locale_writtenAt_idx" ON "Review"("status", "locale", "writtenAt");

-- CreateIndex
CREATE INDEX "Review_status_rating_idx" ON "Review"("status", "rating");

-- migrate:down
