/**
 * The web shop (docs/shop.md): products, discount codes, orders (customer_id is null for
 * guests and holds the account's customer id otherwise), order items, payments, issued
 * wash codes, the payment provider's signing key, and the outbox of receipt e-mails and
 * SMS. Money is integer cents; VAT rates are basis points (25.5 % = 2550).
 */
import { randomBytes } from 'node:crypto';
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/** Generated integer keys: serial in PostgreSQL, integer autoincrement in SQLite. */
interface SerialKeys {
  serialType: 'serial' | 'integer';
  serialKey: (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const keys: SerialKeys = {
    serialType: postgres ? 'serial' : 'integer',
    serialKey: (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()),
  };
  // One step, in the order the tables reference each other.
  await createCatalogTables(db);
  await createOrderTables(db, keys);
  await createPaymentTables(db);
  await createOutbox(db, keys);
}

/** Products and discount codes. */
async function createCatalogTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shop_products')
    .addColumn('code', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('names_json', 'text', (col) => col.notNull())
    .addColumn('image_json', 'text')
    .addColumn('price_cents', 'integer', (col) => col.notNull())
    .addColumn('tax_class', 'text', (col) => col.notNull())
    .addColumn('tax_rate_bp', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('bundle_json', 'text', (col) => col.notNull())
    .addColumn('upsell_codes_json', 'text', (col) => col.notNull())
    .addColumn('active', 'integer', (col) => col.notNull())
    .addColumn('sort_order', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('shop_discount_codes')
    .addColumn('code', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    /** Basis points for a percentage, cents for a fixed amount. */
    .addColumn('value', 'integer', (col) => col.notNull())
    .addColumn('valid_from', 'text')
    .addColumn('valid_until', 'text')
    .addColumn('usage_limit', 'integer')
    .addColumn('used_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

/** Orders and their items. */
async function createOrderTables(db: Kysely<unknown>, { serialType, serialKey }: SerialKeys): Promise<void> {
  await db.schema
    .createTable('shop_orders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('customer_id', 'text')
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('firstname', 'text', (col) => col.notNull())
    .addColumn('lastname', 'text', (col) => col.notNull())
    .addColumn('telephone_prefix', 'text', (col) => col.notNull())
    .addColumn('telephone_number', 'text', (col) => col.notNull())
    .addColumn('marketing_json', 'text', (col) => col.notNull())
    .addColumn('send_sms', 'integer', (col) => col.notNull())
    .addColumn('discount_code', 'text')
    .addColumn('subtotal_cents', 'integer', (col) => col.notNull())
    .addColumn('discount_cents', 'integer', (col) => col.notNull())
    .addColumn('tax_cents', 'integer', (col) => col.notNull())
    .addColumn('total_cents', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('paid_at', 'text')
    .execute();
  await db.schema
    .createIndex('shop_orders_customer')
    .on('shop_orders')
    .columns(['customer_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('shop_order_items')
    .addColumn('id', serialType, serialKey)
    .addColumn('order_id', 'text', (col) => col.notNull().references('shop_orders.id'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('product_code', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('unit_price_cents', 'integer', (col) => col.notNull())
    .addColumn('tax_rate_bp', 'integer', (col) => col.notNull())
    /** Washes one unit gives (the sum of its bundle members' amounts); one code each. */
    .addColumn('washes_per_unit', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('shop_order_items_order').on('shop_order_items').column('order_id').execute();
}

/** Payments, the wash codes an order issues, and the payment provider's signing key. */
async function createPaymentTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shop_payments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'text', (col) => col.notNull().references('shop_orders.id'))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('method_type', 'text', (col) => col.notNull())
    .addColumn('bank', 'text')
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('return_path', 'text', (col) => col.notNull())
    /** The one signed result the gateway issued (nonce), and when the callback used it. */
    .addColumn('result_nonce', 'text')
    .addColumn('result_method', 'text')
    .addColumn('callback_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('decided_at', 'text')
    .execute();
  await db.schema.createIndex('shop_payments_order').on('shop_payments').column('order_id').execute();

  await db.schema
    .createTable('shop_wash_codes')
    .addColumn('code', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'text', (col) => col.notNull().references('shop_orders.id'))
    .addColumn('order_item_id', 'integer', (col) => col.notNull())
    .addColumn('product_code', 'text', (col) => col.notNull())
    .addColumn('issued_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('shop_wash_codes_order').on('shop_wash_codes').column('order_id').execute();

  await db.schema
    .createTable('shop_provider_keys')
    .addColumn('provider', 'text', (col) => col.primaryKey())
    .addColumn('secret', 'text', (col) => col.notNull())
    .execute();
  // The test gateway's HMAC key: generated once per database, so every origin process on
  // the same database signs and verifies alike. PAYMENT_GATEWAY_SECRET overrides it.
  await sql`insert into shop_provider_keys (provider, secret) values (${'test-gateway'}, ${randomBytes(32).toString('hex')})`.execute(
    db,
  );
}

async function createOutbox(db: Kysely<unknown>, { serialType, serialKey }: SerialKeys): Promise<void> {
  // The outbox of messages to send (receipt e-mail and SMS). Shared with other features
  // that send messages: created only if an earlier migration has not created it.
  await db.schema
    .createTable('outbox')
    .ifNotExists()
    .addColumn('id', serialType, serialKey)
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('dedupe_key', 'text', (col) => col.unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'shop_wash_codes',
    'shop_payments',
    'shop_order_items',
    'shop_orders',
    'shop_discount_codes',
    'shop_products',
    'shop_provider_keys',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
