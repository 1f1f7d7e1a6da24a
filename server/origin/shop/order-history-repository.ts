/**
 * A customer's orders with their wash codes, read from the shop's tables (migration
 * 005-shop: shop_orders.customer_id links an order to the account that placed it).
 * Read-only: the shop owns these tables. Without them (a database migrated only to
 * 004) the history is empty rather than an error.
 */
import type { OrderSummary } from '#shared/account-types';
import type { Locale } from '#shared/locales';
import type { ShopDb } from './shop-tables';

/**
 * A line's name in the reader's language: the catalog's name of its product in `locale`
 * (a Swedish customer reads "Helttvätt" on the sv-SE page and "Full wash" on the en-EU
 * one), else the name stored with the order (a product since removed from the catalog).
 */
function lineName(stored: string, namesJson: string | null, locale: Locale): string {
  if (!namesJson) return stored;
  try {
    const names = JSON.parse(namesJson) as Partial<Record<Locale, unknown>>;
    const name = names[locale];
    return typeof name === 'string' && name.length > 0 ? name : stored;
  } catch {
    return stored;
  }
}

export function createOrderHistoryRepository(database: ShopDb) {
  const db = database;
  let shopTablesExist: boolean | undefined;

  async function hasShopTables(): Promise<boolean> {
    if (shopTablesExist) return true;
    const tables = await database.introspection.getTables();
    const names = new Set(tables.map((table) => table.name));
    shopTablesExist = ['shop_orders', 'shop_order_items', 'shop_wash_codes'].every((name) => names.has(name));
    return shopTablesExist;
  }

  return {
    /** Newest first; at most `limit` orders; product names in `locale`. */
    async listForCustomer(customerId: string, locale: Locale, limit = 50): Promise<OrderSummary[]> {
      if (!(await hasShopTables())) return [];
      const orders = await db
        .selectFrom('shop_orders')
        .select(['id', 'created_at', 'status', 'total_cents', 'currency'])
        .where('customer_id', '=', customerId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      if (orders.length === 0) return [];
      const ids = orders.map((order) => order.id);
      const [items, codes] = await Promise.all([
        db
          .selectFrom('shop_order_items')
          .leftJoin('shop_products', 'shop_products.code', 'shop_order_items.product_code')
          .select([
            'shop_order_items.order_id as order_id',
            'shop_order_items.product_code as product_code',
            'shop_order_items.name as name',
            'shop_order_items.quantity as quantity',
            'shop_products.names_json as names_json',
          ])
          .where('shop_order_items.order_id', 'in', ids)
          .orderBy('shop_order_items.position')
          .execute(),
        db
          .selectFrom('shop_wash_codes')
          .innerJoin('shop_order_items', 'shop_order_items.id', 'shop_wash_codes.order_item_id')
          .leftJoin('shop_products', 'shop_products.code', 'shop_order_items.product_code')
          .select([
            'shop_products.names_json as names_json',
            'shop_wash_codes.order_id as order_id',
            'shop_wash_codes.code as code',
            'shop_order_items.name as name',
            'shop_wash_codes.used_at as used_at',
          ])
          .where('shop_wash_codes.order_id', 'in', ids)
          .orderBy('shop_wash_codes.code')
          .execute(),
      ]);
      return orders.map((order) => ({
        id: order.id,
        createdAt: order.created_at,
        status: order.status,
        totalWithTax: order.total_cents / 100,
        currency: order.currency,
        items: items
          .filter((item) => item.order_id === order.id)
          .map((item) => ({
            code: item.product_code,
            name: lineName(item.name, item.names_json, locale),
            amount: item.quantity,
          })),
        washCodes: codes
          .filter((code) => code.order_id === order.id)
          .map((code) => ({
            code: code.code,
            productName: lineName(code.name, code.names_json, locale),
            validUntil: null,
            used: code.used_at !== null,
          })),
      }));
    },
  };
}

export type OrderHistoryRepository = ReturnType<typeof createOrderHistoryRepository>;
