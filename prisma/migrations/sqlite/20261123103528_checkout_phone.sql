-- migrate:up
-- CreateTable
CREATE TABLE "CheckoutPhone" (
    "checkoutId" TEXT NOT NULL PRIMARY KEY,
    "phone" TEXT NOT NULL,
    CONSTRAINT "CheckoutPhone_checkoutId_fkey" FOREIGN KEY ("checkoutId") REFERENCES "Checkout" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- migrate:down
