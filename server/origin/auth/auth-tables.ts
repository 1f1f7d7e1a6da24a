/** Table types of the customer sessions (migration 004-accounts). */

interface CustomerSessionsTable {
  token_hash: string;
  customer_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface AuthTables {
  customer_sessions: CustomerSessionsTable;
}
