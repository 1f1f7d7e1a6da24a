/** Versioned migrations, listed here in order so that no directory scan is needed. */
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './db';
import * as content001 from './migrations/001-content';
import * as assets002 from './migrations/002-assets';
import * as stations003 from './migrations/003-stations';
import * as accounts004 from './migrations/004-accounts';
import * as shop005 from './migrations/005-shop';
import * as loginFailures006 from './migrations/006-login-failures';
import * as paymentExpiry007 from './migrations/007-payment-expiry';
import * as stationDataset008 from './migrations/008-station-dataset';
import * as fuelPrices009 from './migrations/009-fuel-prices';
import * as chargePoints010 from './migrations/010-charge-points';
import * as outboxDelivery011 from './migrations/011-outbox-delivery';
import * as paymentProviderReference012 from './migrations/012-payment-provider-reference';
import * as stationVersionCounter013 from './migrations/013-station-version-counter';
import * as contentSync014 from './migrations/014-content-sync';
import * as outboxHtml017 from './migrations/017-outbox-html';
import * as confirmationCodes018 from './migrations/018-confirmation-codes';
import * as chargeTariffs019 from './migrations/019-charge-tariffs';
import * as stationLiveVersion020 from './migrations/020-station-live-version';
import * as pageChanges021 from './migrations/021-page-changes';

const migrations: Record<string, Migration> = {
  '001-content': content001,
  '002-assets': assets002,
  '003-stations': stations003,
  '004-accounts': accounts004,
  '005-shop': shop005,
  '006-login-failures': loginFailures006,
  '007-payment-expiry': paymentExpiry007,
  '008-station-dataset': stationDataset008,
  '009-fuel-prices': fuelPrices009,
  '010-charge-points': chargePoints010,
  '011-outbox-delivery': outboxDelivery011,
  '012-payment-provider-reference': paymentProviderReference012,
  '013-station-version-counter': stationVersionCounter013,
  '014-content-sync': contentSync014,
  '017-outbox-html': outboxHtml017,
  '018-confirmation-codes': confirmationCodes018,
  '019-charge-tariffs': chargeTariffs019,
  '020-station-live-version': stationLiveVersion020,
  '021-page-changes': pageChanges021,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
