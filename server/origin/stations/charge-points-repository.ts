/**
 * Data access for EV charge points (migration 010): each station's EVSEs with their
 * connectors in OCPI 2.2.1's fields and the last reported status.
 */
import { z } from 'zod';
import {
  CONNECTOR_STANDARDS,
  EVSE_STATUSES,
  type ChargePoint,
  type ChargeTariff,
  type EvseStatus,
} from '#shared/charge-points';
import type { StationCountry } from '#shared/stations';
import type { StationsDb } from './station-tables';
import type { ChargePointsTable } from './station-tables';

/** An OCPI 2.2.1 Connector (mod_locations §8.3.3), the fields this product keeps. */
export const ocpiConnectorSchema = z.object({
  id: z.string().min(1).max(36),
  standard: z.enum(CONNECTOR_STANDARDS),
  format: z.enum(['SOCKET', 'CABLE']),
  power_type: z.enum(['AC_1_PHASE', 'AC_2_PHASE', 'AC_2_PHASE_SPLIT', 'AC_3_PHASE', 'DC']),
  /** Watts, as OCPI gives it. */
  max_electric_power: z.number().int().positive(),
  /** The OCPI tariffs of this connector (mod_tariffs); the first is the one shown. */
  tariff_ids: z.array(z.string().min(1).max(36)).optional(),
});
type OcpiConnector = z.infer<typeof ocpiConnectorSchema>;

/** A charge point as stored. */
export interface StoredChargePoint {
  stationId: string;
  uid: string;
  evseId: string | null;
  connectors: OcpiConnector[];
  status: EvseStatus;
  /** ISO 8601 UTC. */
  statusAt: string;
}

const CHUNK = 400;
const connectorsSchema = z.array(ocpiConnectorSchema).min(1);

type Row = Pick<ChargePointsTable, 'station_id' | 'uid' | 'evse_id' | 'connectors_json' | 'status' | 'status_at'>;

/** Tariffs by id, to price charge points with (empty: no prices). */
type Tariffs = ReadonlyMap<string, ChargeTariff>;
const NO_TARIFFS: Tariffs = new Map();

function toChargePoint(row: Row, tariffs: Tariffs): ChargePoint | undefined {
  let connectors: OcpiConnector[];
  try {
    const parsed = connectorsSchema.safeParse(JSON.parse(row.connectors_json));
    if (!parsed.success) return undefined;
    connectors = parsed.data;
  } catch {
    return undefined;
  }
  const status = (EVSE_STATUSES as readonly string[]).includes(row.status) ? (row.status as EvseStatus) : 'UNKNOWN';
  const tariffId = connectors.flatMap((connector) => connector.tariff_ids ?? [])[0];
  const tariff = tariffId === undefined ? undefined : tariffs.get(tariffId);
  return {
    uid: row.uid,
    ...(row.evse_id ? { evseId: row.evse_id } : {}),
    status,
    statusAt: row.status_at,
    connectors: connectors.map((connector) => ({
      standard: connector.standard,
      kw: Math.round(connector.max_electric_power / 100) / 10,
    })),
    ...(tariff ? { tariff } : {}),
    ...(tariffId !== undefined ? { tariffId } : {}),
  };
}

function group(rows: readonly Row[], tariffs: Tariffs): Map<string, ChargePoint[]> {
  const byStation = new Map<string, ChargePoint[]>();
  for (const row of rows) {
    const point = toChargePoint(row, tariffs);
    if (!point) continue;
    const list = byStation.get(row.station_id) ?? [];
    list.push(point);
    byStation.set(row.station_id, list);
  }
  return byStation;
}

const COLUMNS = ['station_id', 'uid', 'evse_id', 'connectors_json', 'status', 'status_at'] as const;

/** Reading charge points: current ones for a list or a delta, with their tariffs, and the statuses an import compares with. */
function chargePointReads(db: StationsDb) {
  return {
    /** The charge points of these stations, by station id, in uid order. */
    async currentFor(stationIds: readonly string[], tariffs = NO_TARIFFS): Promise<Map<string, ChargePoint[]>> {
      const rows: Row[] = [];
      for (let start = 0; start < stationIds.length; start += CHUNK) {
        rows.push(
          ...(await db
            .selectFrom('charge_points')
            .select(COLUMNS)
            .where('station_id', 'in', stationIds.slice(start, start + CHUNK))
            .orderBy('station_id')
            .orderBy('uid')
            .execute()),
        );
      }
      return group(rows, tariffs);
    },

    /** The charge points of a country's stations changed after `since` (all live ones at 0). */
    async currentForChanges(
      country: StationCountry,
      since: number,
      tariffs = NO_TARIFFS,
    ): Promise<Map<string, ChargePoint[]>> {
      const rows = await db
        .selectFrom('charge_points')
        .innerJoin('stations', 'stations.id', 'charge_points.station_id')
        .select(COLUMNS.map((column) => `charge_points.${column}` as const))
        .where('stations.country', '=', country)
        .where('stations.version', '>', since)
        .where('stations.deleted', '=', 0)
        .orderBy('charge_points.station_id')
        .orderBy('charge_points.uid')
        .execute();
      return group(rows, tariffs);
    },

    /** Status and its instant of each charge point of these stations, by `station|uid`. */
    async statusesOf(stationIds: readonly string[]): Promise<Map<string, { status: string; statusAt: string }>> {
      const found = new Map<string, { status: string; statusAt: string }>();
      for (let start = 0; start < stationIds.length; start += CHUNK) {
        const rows = await db
          .selectFrom('charge_points')
          .select(['station_id', 'uid', 'status', 'status_at'])
          .where('station_id', 'in', stationIds.slice(start, start + CHUNK))
          .execute();
        for (const row of rows)
          found.set(`${row.station_id}|${row.uid}`, { status: row.status, statusAt: row.status_at });
      }
      return found;
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('charge_points')
        .select(db.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The stations with a connector priced by one of these tariffs. */
    stationsUsingTariffs: (tariffIds: ReadonlySet<string>) => stationsUsingTariffs(db, tariffIds),
  };
}

/** Writing charge points: the seed's, and a status when newer than the stored one. */
function chargePointWrites(db: StationsDb) {
  return {
    /**
     * Sets the status unless a newer one is stored; whether it did. The time comparison is
     * in the update itself, so that of two imports at once the newer status wins whatever
     * their order (PostgreSQL re-checks the condition on the row it waited for; a read,
     * then an unconditional update, let an older status win: issue 27, finding 7). The row
     * gets `liveVersion`, so the live channel's delta carries it (migration 020).
     */
    async setStatusIfNewer(
      stationId: string,
      uid: string,
      status: EvseStatus,
      statusAt: string,
      now: string,
      liveVersion: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('charge_points')
        .set({ status, status_at: statusAt, updated_at: now, live_version: liveVersion })
        .where('station_id', '=', stationId)
        .where('uid', '=', uid)
        .where('status_at', '<', statusAt)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Adds charge points (the seed); callers wrap it in a transaction. */
    async insertMany(points: readonly StoredChargePoint[], now: string): Promise<void> {
      for (let start = 0; start < points.length; start += CHUNK / 2) {
        await db
          .insertInto('charge_points')
          .values(
            points.slice(start, start + CHUNK / 2).map((point) => ({
              station_id: point.stationId,
              uid: point.uid,
              evse_id: point.evseId,
              connectors_json: JSON.stringify(connectorsSchema.parse(point.connectors)),
              status: point.status,
              status_at: point.statusAt,
              updated_at: now,
            })),
          )
          .execute();
      }
    },
  };
}

/** Charge points of stations with their statuses and connectors, over one connection. */
export function createChargePointsRepository(db: StationsDb) {
  return { ...chargePointReads(db), ...chargePointWrites(db) };
}

async function stationsUsingTariffs(db: StationsDb, tariffIds: ReadonlySet<string>): Promise<string[]> {
  if (tariffIds.size === 0) return [];
  const rows = await db.selectFrom('charge_points').select(['station_id', 'connectors_json']).execute();
  const stations = new Set<string>();
  for (const row of rows) {
    const parsed = connectorsSchema.safeParse(JSON.parse(row.connectors_json));
    if (parsed.success && parsed.data.some((connector) => connector.tariff_ids?.some((id) => tariffIds.has(id))))
      stations.add(row.station_id);
  }
  return [...stations];
}
