/**
 * The whole schema, composed from each domain's table types (docs/design.md "Table
 * types"). Only the composition (db.ts, app.ts, seed.ts, migrate.ts, content-sync.ts)
 * sees it: a domain's code sees its own tables only (`<domain>-tables.ts`), so this module
 * importing every domain's tables is an arrow from above, not one back up.
 */
import type { Kysely } from 'kysely';
import type { AccountTables } from './accounts/account-tables';
import type { AuthTables } from './auth/auth-tables';
import type { ContentTables } from './content/content-tables';
import type { FormTables } from './forms/form-tables';
import type { ImageTables } from './images/image-tables';
import type { OutboxTables } from './outbox/outbox-tables';
import type { ShopTables } from './shop/shop-tables';
import type { StationTables } from './stations/station-tables';

export interface DatabaseSchema
  extends AccountTables, AuthTables, ContentTables, FormTables, ImageTables, OutboxTables, ShopTables, StationTables {}

export type Db = Kysely<DatabaseSchema>;
