-- migrate:up
-- CreateIndex
CREATE INDEX "LocationRequest_delivery_updatedAt_idx" ON "LocationRequest"("delivery", "updatedAt");

-- migrate:down
