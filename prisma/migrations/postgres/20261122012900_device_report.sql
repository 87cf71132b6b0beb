-- migrate:up
-- CreateTable
CREATE TABLE "DeviceReport" (
    "id" TEXT NOT NULL,
    "visitorId" TEXT NOT NULL,
    "host" TEXT NOT NULL,
    "userAgent" TEXT NOT NULL,
    "osName" TEXT NOT NULL,
    "osVersion" TEXT NOT NULL,
    "browserName" TEXT NOT NULL,
    "browserVersion" TEXT NOT NULL,
    "deviceType" TEXT NOT NULL,
    "deviceBrand" TEXT NOT NULL,
    "deviceModel" TEXT NOT NULL,
    "pageUrl" TEXT NOT NULL,
    "referrerUrl" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "visitTime" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DeviceReport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DeviceReport_createdAt_idx" ON "DeviceReport"("createdAt");

-- CreateIndex
CREATE INDEX "DeviceReport_visitorId_idx" ON "DeviceReport"("visitorId");

-- migrate:down
