/**
 * A real payment provider beside the test gateway (docs/shop.md "Paytrail"): a payment
 * keeps the provider's own id for it (Paytrail's transaction id, asked about by
 * reconciliation) and its hosted page (answered again to a retried initialize). The shop
 * signs the results it hands the browser with a key of its own per provider; Paytrail's
 * is made here, once per database, as migration 005 made the test gateway's.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shop_payments').addColumn('provider_reference', 'text').execute();
  await db.schema.alterTable('shop_payments').addColumn('provider_url', 'text').execute();
  await db.schema
    .createIndex('shop_payments_provider_reference')
    .on('shop_payments')
    .columns(['provider', 'provider_reference'])
    .unique()
    .execute();
  await sql`insert into shop_provider_keys (provider, secret) values (${'paytrail'}, ${randomBytes(32).toString('hex')})`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from shop_provider_keys where provider = ${'paytrail'}`.execute(db);
  await db.schema.dropIndex('shop_payments_provider_reference').execute();
  await db.schema.alterTable('shop_payments').dropColumn('provider_url').execute();
  await db.schema.alterTable('shop_payments').dropColumn('provider_reference').execute();
}
