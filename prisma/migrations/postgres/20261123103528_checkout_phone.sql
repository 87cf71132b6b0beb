-- migrate:up
-- CreateTable
CREATE TABLE "CheckoutPhone" (
    "checkoutId" TEXT NOT NULL,
    "phone" TEXT NOT NULL,

    CONSTRAINT "CheckoutPhone_pkey" PRIMARY KEY ("checkoutId")
);

-- AddForeignKey
ALTER TABLE "CheckoutPhone" ADD CONSTRAINT "CheckoutPhone_checkoutId_fkey" FOREIGN KEY ("checkoutId") REFERENCES "Checkout"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- migrate:down
