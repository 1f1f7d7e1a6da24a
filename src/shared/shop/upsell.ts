/** The upsell rule (docs/spec.md §4). */

export interface UpsellOffer {
  quantity: number;
  product: { code: string; bundleMembers: Array<{ amount: number; product: { code: string } }> };
}

export interface UpsellItem {
  amount: number;
  includes: Array<{ amount: number; sku: string[] }>;
}

/**
 * Spec §4: the upsell is dropped when the item contains exactly one included product,
 * the server offers exactly one upsell bundle with one member of the same product code,
 * and the item's total included quantity (item amount × included amount) exceeds the
 * upsell quantity (offer quantity × member amount) by more than 1. Otherwise all offers
 * are kept.
 */
export function applyUpsellRule<T extends UpsellOffer>(item: UpsellItem, offers: readonly T[]): T[] {
  const [included] = item.includes;
  const [offer] = offers;
  if (item.includes.length !== 1 || offers.length !== 1 || !included || !offer) return [...offers];
  const [member] = offer.product.bundleMembers;
  if (offer.product.bundleMembers.length !== 1 || !member) return [...offers];
  if (!included.sku.includes(member.product.code)) return [...offers];
  const includedQuantity = item.amount * included.amount;
  const upsellQuantity = offer.quantity * member.amount;
  return includedQuantity - upsellQuantity > 1 ? [] : [...offers];
}
