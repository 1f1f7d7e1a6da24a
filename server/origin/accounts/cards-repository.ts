/** A customer's fuel and business cards; only the last four digits are kept. */
import { randomUUID } from 'node:crypto';
import type { Card } from '#shared/account-types';
import type { CustomerCardsTable } from './account-tables';
import type { AccountsDb } from './account-tables';

function toCard(row: CustomerCardsTable): Card {
  return {
    id: row.id,
    kind: row.kind,
    maskedNumber: `•••• •••• •••• ${row.last_four}`,
    holder: row.holder,
    expires: row.expires,
    status: row.status,
  };
}

export function createCardsRepository(database: AccountsDb) {
  const db = database;
  return {
    /** The cards of one customer: the customer id is the only way in. */
    async listForCustomer(customerId: string): Promise<Card[]> {
      const rows = await db
        .selectFrom('customer_cards')
        .selectAll()
        .where('customer_id', '=', customerId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toCard);
    },
    async insert(
      customerId: string,
      card: { kind: Card['kind']; lastFour: string; holder: string; expires: string; status: Card['status'] },
      now = new Date(),
    ): Promise<void> {
      await db
        .insertInto('customer_cards')
        .values({
          id: randomUUID(),
          customer_id: customerId,
          kind: card.kind,
          last_four: card.lastFour,
          holder: card.holder,
          expires: card.expires,
          status: card.status,
          created_at: now.toISOString(),
        })
        .execute();
    },
  };
}
