/** Table types of migration 002-assets. */
import type { Kysely, Transaction } from 'kysely';

export interface AssetsTable {
  id: string;
  title: string;
  alt: string;
  name: string;
  ext: string;
  type: string;
  width: number | null;
  height: number | null;
  created: string;
  focal_x: number | null;
  focal_y: number | null;
  tags_json: string;
  copyright: string | null;
  licenses_json: string;
  description: string | null;
  metadata_json: string;
  size: number;
  source_mime: string;
  source: Buffer;
  updated_at: string;
}

export interface ImageTables {
  assets: AssetsTable;
}

/**
 * What a images repository is built on: the database or a transaction, typed with this
 * domain's tables only, so that naming another domain's table is a compile error.
 */
export type ImagesDb = Kysely<ImageTables> | Transaction<ImageTables>;
