/** Table types of the form submissions (migration 004-accounts). */
import type { Generated } from 'kysely';

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
