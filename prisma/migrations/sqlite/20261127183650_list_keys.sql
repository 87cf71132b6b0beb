-- migrate:up
-- DropIndex
DROP INDEX "OutboxMessage_to_createdAt_idx";

-- DropIndex
DROP INDEX "LocationRequest_userId_channel_createdAt_idx";

-- CreateIndex
CREATE INDEX "OutboxMessage_createdAt_id_idx" ON "OutboxMessage"("createdAt", "id");

-- CreateIndex
CREATE INDEX "OutboxMessage_to_createdAt_id_idx" ON "OutboxMessage"("to", "createdAt", "id");

-- CreateIndex
CREATE INDEX "LocationRequest_userId_createdAt_id_idx" ON "LocationRequest"("userId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "LocationRequest_userId_channel_createdAt_id_idx" ON "LocationRequest"("userId", "channel", "createdAt", "id");

-- migrate:down
