/**
 * The origin's unit of work (decision 015, docs/design.md "One unit of work"): each domain
 * provides a factory of its repositories; `transaction(work)` opens one database
 * transaction and hands `work` every domain's repositories built once on it, so that a
 * change that spans domains (an order and its receipt mail) commits or rolls back as one.
 * Outside a transaction a domain uses the repositories `provide` built on the database.
 *
 * This module knows no domain: each domain plugin adds its entry to `Repositories` by
 * declaration merging (`declare module '../unit-of-work'`), as it types its decorator on
 * `FastifyInstance`.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely, Transaction } from 'kysely';

/** Each domain's repositories, by domain name; every domain plugin declares its own entry. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging, one entry per domain
export interface Repositories {}

type DomainName = keyof Repositories;

/**
 * The database or a transaction as a factory receives it: with no table of its own here,
 * so that this module knows no domain. A domain's factory takes its own tables' type
 * (`ShopDb`, …), which this narrows to.
 */
type Connection = Kysely<object> | Transaction<object>;

type RepositoryFactory<Domain extends DomainName> = (db: Connection) => Repositories[Domain];

export interface UnitOfWork {
  /** Every provided domain's repositories built on the database (not in a transaction). */
  readonly repositories: Repositories;
  /** Registers a domain's factory (once) and returns its repositories built on the database. */
  provide<Domain extends DomainName>(domain: Domain, build: RepositoryFactory<Domain>): Repositories[Domain];
  /** Runs `work` in one transaction with every provided domain's repositories built on it. */
  transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T>;
}

/** `transaction` of the unit of work, as a use case or a seed takes it. */
export type Transact = UnitOfWork['transaction'];

/**
 * The one place where the composition's schema is forgotten: `Schema` (DatabaseSchema,
 * database-schema.ts) extends every domain's `<Domain>Tables`, so the connection handed
 * to a domain's factory holds every table that factory names.
 */
export function createUnitOfWork<Schema>(database: Kysely<Schema>): UnitOfWork {
  const db = database as unknown as Kysely<object>;
  const factories = new Map<DomainName, (connection: Connection) => unknown>();
  // Filled by `provide`, one entry per domain (see `transaction` for why the cast holds).
  const onDatabase: Partial<Repositories> = {};
  return {
    repositories: onDatabase as Repositories,
    provide(domain, build) {
      if (factories.has(domain)) throw new Error(`The repositories of ${domain} are provided twice`);
      factories.set(domain, build);
      const built = build(db);
      onDatabase[domain] = built;
      return built;
    },
    transaction(work) {
      return db.transaction().execute((trx) => {
        const built = new Map([...factories].map(([domain, build]) => [domain, build(trx)]));
        // Every domain that provided a factory has its entry; the plugins' `dependencies`
        // make sure a domain's own and the ones it uses are registered before its routes run.
        return work(Object.fromEntries(built) as unknown as Repositories);
      });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Registers a domain's repository factory; answers its repositories built on the database. */
    provideRepositories: UnitOfWork['provide'];
    /** One transaction with every domain's repositories built on it (docs/design.md "One unit of work"). */
    transaction: UnitOfWork['transaction'];
  }
}

/** The unit of work as the first plugin of the origin, below every domain. */
export const unitOfWorkPlugin = fp<{ unitOfWork: UnitOfWork }>(
  async (app: FastifyInstance, options) => {
    app.decorate('provideRepositories', options.unitOfWork.provide);
    app.decorate('transaction', options.unitOfWork.transaction);
  },
  { name: 'unit-of-work', fastify: '5.x' },
);
