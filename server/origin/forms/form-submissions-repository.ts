/** Submissions of the contact forms (customer service, business sales). */
import type { FormsDb } from './form-tables';

export function createFormSubmissionsRepository(database: FormsDb) {
  const db = database;
  return {
    async insert(
      submission: { form: string; locale: string; fields: Record<string, unknown>; customerId: string | null },
      now = new Date(),
    ): Promise<number> {
      const row = await db
        .insertInto('form_submissions')
        .values({
          form: submission.form,
          locale: submission.locale,
          fields_json: JSON.stringify(submission.fields),
          customer_id: submission.customerId,
          created_at: now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
    async count(form?: string): Promise<number> {
      let query = db.selectFrom('form_submissions').select((eb) => eb.fn.countAll<number>().as('count'));
      if (form) query = query.where('form', '=', form);
      return Number((await query.executeTakeFirst())?.count ?? 0);
    },
  };
}
