/**
 * Payments expire (docs/shop.md "Discount uses"): an order's discount use is reserved
 * while its payment can still be approved, so the payment gets an end. Rows made before
 * this migration keep no end (null): they neither hold a use nor expire at the gateway,
 * as before.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shop_payments').addColumn('expires_at', 'text').execute();
  // The uses a code's pending orders hold are counted at every initialize with that code.
  await db.schema
    .createIndex('shop_orders_discount_pending')
    .on('shop_orders')
    .columns(['discount_code', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('shop_orders_discount_pending').execute();
  await db.schema.alterTable('shop_payments').dropColumn('expires_at').execute();
}
