/** Table types of the form submissions (migration 004-accounts). */
import type { Generated, Kysely, Transaction } from 'kysely';

export interface FormSubmissionsTable {
  id: Generated<number>;
  form: string;
  locale: string;
  fields_json: string;
  customer_id: string | null;
  created_at: string;
}

export interface FormTables {
  form_submissions: FormSubmissionsTable;
}

/**
 * What a forms repository is built on: the database or a transaction, typed with this
 * domain's tables only, so that naming another domain's table is a compile error.
 */
export type FormsDb = Kysely<FormTables> | Transaction<FormTables>;
