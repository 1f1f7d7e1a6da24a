/**
 * The start-up check of DATA_DIR, the folder of the origin's SQLite file (docs/operations.md
 * "Start-up checks"). A folder that is missing or read-only used to surface later as a
 * stack trace or as failed writes under traffic; now start-up stops at once
 * with a message naming the path.
 */
import { accessSync, constants, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code ? `${code}: ${(error as Error).message}` : String(error);
}

/**
 * Makes sure `dataDir` is a folder the origin can write. Only the default folder
 * (./data, for the first `npm start`) is created when missing: a DATA_DIR that was given
 * must already exist, so that a mistyped path or a missing volume does not quietly start
 * an empty database somewhere else.
 */
export function prepareDataDir(dataDir: string, options: { createIfMissing: boolean; fileName?: string }): void {
  if (!existsSync(dataDir)) {
    if (!options.createIfMissing)
      throw new Error(
        `DATA_DIR ${dataDir} does not exist: create the folder (or mount the volume) first, or leave DATA_DIR unset to use ./data`,
      );
    try {
      mkdirSync(dataDir, { recursive: true });
    } catch (error) {
      throw new Error(`DATA_DIR ${dataDir} cannot be created (${reason(error)})`, { cause: error });
    }
  }
  if (!statSync(dataDir).isDirectory()) throw new Error(`DATA_DIR ${dataDir} is not a folder`);
  // A real write rather than access(W_OK): root passes access checks on read-only folders,
  // and a read-only mount shows only when something is written.
  const probe = join(dataDir, `.write-check-${process.pid}`);
  try {
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (error) {
    throw new Error(
      `DATA_DIR ${dataDir} is not writable (${reason(error)}); the origin keeps its SQLite database there`,
      { cause: error },
    );
  }
  const databaseFile = join(dataDir, options.fileName ?? 'origin.sqlite');
  if (existsSync(databaseFile)) {
    try {
      accessSync(databaseFile, constants.R_OK | constants.W_OK);
    } catch (error) {
      throw new Error(`DATA_DIR ${dataDir}: the database ${databaseFile} is not writable (${reason(error)})`, {
        cause: error,
      });
    }
  }
}
