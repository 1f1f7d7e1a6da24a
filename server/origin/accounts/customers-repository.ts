/** Data access for customers (docs/accounts.md). E-mails are stored lower-cased. */
import { randomUUID } from 'node:crypto';
import type { CustomerRecord, MarketingChoice } from '#shared/account-types';
import { normaliseEmail } from '#shared/rules/email';
import type { CustomersTable } from './account-tables';
import type { AccountsDb } from './account-tables';

export interface Customer {
  id: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  marketing: MarketingChoice[];
  customerType: CustomersTable['customer_type'];
  locale: string;
  emailConfirmed: boolean;
}

/** A customer before it is stored: no id yet; a private customer, unconfirmed, unless told. */
export type NewCustomer = Omit<Customer, 'id' | 'customerType' | 'emailConfirmed'> &
  Partial<Pick<Customer, 'customerType' | 'emailConfirmed'>>;

function toCustomer(row: CustomersTable): Customer {
  const marketing = JSON.parse(row.marketing_json) as unknown;
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    firstName: row.first_name,
    lastName: row.last_name,
    phoneNumber: row.phone_number,
    marketing: Array.isArray(marketing)
      ? (marketing.filter((item) => item === 'email' || item === 'sms') as MarketingChoice[])
      : [],
    customerType: row.customer_type,
    locale: row.locale,
    emailConfirmed: row.email_confirmed_at !== null,
  };
}

/** The record of spec §7's customer endpoint: emailToken is the account e-mail. */
export function toCustomerRecord(customer: Customer): CustomerRecord {
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    emailToken: customer.email,
    phoneNumber: customer.phoneNumber,
    marketing: customer.marketing,
  };
}

// eslint-disable-next-line max-lines-per-function -- a repository is one closure over the database (or a transaction) whose methods are each short; split up, every part would take the database again.
export function createCustomersRepository(database: AccountsDb) {
  const db = database;
  return {
    async findById(id: string): Promise<Customer | undefined> {
      const row = await db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toCustomer(row);
    },
    async findByEmail(email: string): Promise<Customer | undefined> {
      const row = await db
        .selectFrom('customers')
        .selectAll()
        .where('email', '=', normaliseEmail(email))
        .executeTakeFirst();
      return row && toCustomer(row);
    },
    /** Creates a customer; undefined when the e-mail is taken (the unique index decides, not a race). */
    async insert(customer: NewCustomer, now = new Date()): Promise<Customer | undefined> {
      const id = randomUUID();
      const stamp = now.toISOString();
      const result = await db
        .insertInto('customers')
        .values({
          id,
          email: normaliseEmail(customer.email),
          password_hash: customer.passwordHash,
          first_name: customer.firstName,
          last_name: customer.lastName,
          phone_number: customer.phoneNumber,
          marketing_json: JSON.stringify(customer.marketing),
          customer_type: customer.customerType ?? 'private',
          locale: customer.locale,
          email_confirmed_at: customer.emailConfirmed ? stamp : null,
          created_at: stamp,
          updated_at: stamp,
        })
        .onConflict((conflict) => conflict.column('email').doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return undefined;
      return this.findById(id);
    },
    async updateDetails(
      id: string,
      details: { firstName: string; lastName: string; phoneNumber: string; marketing: MarketingChoice[] },
      now = new Date(),
    ): Promise<Customer | undefined> {
      await db
        .updateTable('customers')
        .set({
          first_name: details.firstName,
          last_name: details.lastName,
          phone_number: details.phoneNumber,
          marketing_json: JSON.stringify(details.marketing),
          updated_at: now.toISOString(),
        })
        .where('id', '=', id)
        .execute();
      return this.findById(id);
    },
    async setPasswordHash(id: string, passwordHash: string, now = new Date()): Promise<void> {
      await db
        .updateTable('customers')
        .set({ password_hash: passwordHash, updated_at: now.toISOString() })
        .where('id', '=', id)
        .execute();
    },
    async confirmEmail(id: string, now = new Date()): Promise<void> {
      await db
        .updateTable('customers')
        .set({ email_confirmed_at: now.toISOString(), updated_at: now.toISOString() })
        .where('id', '=', id)
        .where('email_confirmed_at', 'is', null)
        .execute();
    },
    async count(): Promise<number> {
      const row = await db
        .selectFrom('customers')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
  };
}
