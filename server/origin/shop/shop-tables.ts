/** Table types of migration 005-shop. */
import type { Generated, Kysely, Transaction } from 'kysely';
import type { OrderStatus, PaymentStatus } from '#shared/rules/states';

export interface ShopProductsTable {
  code: string;
  kind: 'single' | 'series' | 'gift';
  names_json: string;
  image_json: string | null;
  price_cents: number;
  tax_class: string;
  tax_rate_bp: number;
  currency: string;
  bundle_json: string;
  upsell_codes_json: string;
  active: number;
  sort_order: number;
  updated_at: string;
}

export interface ShopDiscountCodesTable {
  code: string;
  kind: 'percentage' | 'fixed';
  value: number;
  valid_from: string | null;
  valid_until: string | null;
  usage_limit: number | null;
  used_count: number;
}

export interface ShopOrdersTable {
  id: string;
  idempotency_key: string;
  request_hash: string;
  status: OrderStatus;
  customer_id: string | null;
  locale: string;
  email: string;
  firstname: string;
  lastname: string;
  telephone_prefix: string;
  telephone_number: string;
  marketing_json: string;
  send_sms: number;
  discount_code: string | null;
  subtotal_cents: number;
  discount_cents: number;
  tax_cents: number;
  total_cents: number;
  currency: string;
  created_at: string;
  paid_at: string | null;
}

export interface ShopOrderItemsTable {
  id: Generated<number>;
  order_id: string;
  position: number;
  product_code: string;
  name: string;
  quantity: number;
  unit_price_cents: number;
  tax_rate_bp: number;
  washes_per_unit: number;
}

export interface ShopPaymentsTable {
  id: string;
  order_id: string;
  provider: string;
  method_type: 'card' | 'bank';
  bank: string | null;
  amount_cents: number;
  status: PaymentStatus;
  return_path: string;
  result_nonce: string | null;
  result_method: string | null;
  callback_at: string | null;
  created_at: string;
  decided_at: string | null;
  /** Migration 007: after this the payment can no longer be approved (null: made before 007, no end). */
  expires_at: string | null;
  /** Migration 012: the provider's own id of the payment (Paytrail's transaction id); null for the test gateway. */
  provider_reference: string | null;
  /** Migration 012: the provider's hosted payment page for this payment, sent again on a retried initialize. */
  provider_url: string | null;
}

interface ShopWashCodesTable {
  code: string;
  order_id: string;
  order_item_id: number;
  product_code: string;
  issued_at: string;
  used_at: string | null;
}

interface ShopProviderKeysTable {
  provider: string;
  secret: string;
}

export interface ShopTables {
  shop_products: ShopProductsTable;
  shop_discount_codes: ShopDiscountCodesTable;
  shop_orders: ShopOrdersTable;
  shop_order_items: ShopOrderItemsTable;
  shop_payments: ShopPaymentsTable;
  shop_wash_codes: ShopWashCodesTable;
  shop_provider_keys: ShopProviderKeysTable;
}

/**
 * What a shop repository is built on: the database or a transaction, typed with this
 * domain's tables only, so that naming another domain's table is a compile error.
 */
export type ShopDb = Kysely<ShopTables> | Transaction<ShopTables>;
