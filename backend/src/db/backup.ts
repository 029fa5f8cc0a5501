/**
 * Backup and restore as plain SQL, the format every PostgreSQL tool reads.
 *
 * - PGlite (DATA_DIR): `pgDump` from @electric-sql/pglite-tools, pg_dump compiled to WebAssembly,
 *   run against the folder opened in this process. PGlite has one connection, so this needs the
 *   folder to itself: the backend must be stopped (the data-folder lock says so if it is not).
 * - PostgreSQL (DATABASE_URL): the server's own `pg_dump` and `psql`, which must be installed
 *   (the PostgreSQL client package) in a version at least the server's.
 *
 * Roles are not in a dump (they belong to the server), so a restore creates the API roles
 * first (roles.sql). The realtime change log (`taskflow_realtime.changes`) and presence are
 * transient and left out. A dump holds password hashes and every board: keep it as private as the database.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { readRolesSql } from './migrations.ts';

const DUMP_ARGS = [
  '--exclude-table-data=taskflow_realtime.changes',
  '--exclude-table-data=taskflow_realtime.presence*',
];

export class RestoreTargetNotEmptyError extends Error {
  constructor(target: string) {
    super(
      `${target} is not empty. A restore only fills an empty data folder (or database), so that ` +
        'nothing is overwritten: move the old folder away, or set DATA_DIR to a new one.',
    );
    this.name = 'RestoreTargetNotEmptyError';
  }
}

const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

/** Writes `file` only once it is complete, so a failed backup never leaves half a dump. */
const writeAtomically = async (file: string, write: (partial: string) => Promise<void>) => {
  const partial = `${file}.partial`;
  try {
    await write(partial);
    await fs.rename(partial, file);
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  }
};

const run = (command: string, args: string[]) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(`${command} was not found: install the PostgreSQL client tools.`)
          : error,
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed: ${stderr.trim()}`)),
    );
  });

export const backupPglite = async (dataDir: string, file: string): Promise<void> => {
  try {
    await fs.access(path.join(pgliteDir(dataDir), 'PG_VERSION'));
  } catch {
    throw new Error(`There is no database in ${dataDir} to back up.`);
  }
  const release = await lockDataDir(dataDir);
  try {
    const db = await PGlite.create(pgliteDir(dataDir));
    try {
      const dump = await pgDump({ pg: db, args: DUMP_ARGS });
      await writeAtomically(file, async (partial) =>
        fs.writeFile(partial, Buffer.from(await dump.arrayBuffer())),
      );
    } finally {
      await db.close();
    }
  } finally {
    await release();
  }
};

export const backupPostgres = (databaseUrl: string, file: string): Promise<void> =>
  writeAtomically(file, (partial) =>
    run('pg_dump', [
      '--format=plain',
      ...DUMP_ARGS,
      `--file=${partial}`,
      `--dbname=${databaseUrl}`,
    ]),
  );

const isEmptyFolder = async (dir: string) => {
  try {
    return (await fs.readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
};

export const restorePglite = async (file: string, dataDir: string): Promise<void> => {
  const sql = await fs.readFile(file, 'utf8');
  if (!(await isEmptyFolder(dataDir))) throw new RestoreTargetNotEmptyError(dataDir);
  const release = await lockDataDir(dataDir);
  try {
    const db = await PGlite.create(pgliteDir(dataDir));
    try {
      await db.exec(await readRolesSql());
      // One script: PostgreSQL runs a multi-statement simple query as one transaction, so a
      // dump that fails half-way leaves nothing behind.
      await db.exec(sql);
    } catch (error) {
      await db.close();
      await fs.rm(pgliteDir(dataDir), { recursive: true, force: true });
      throw new Error(`The restore failed, the folder is left empty: ${(error as Error).message}`, {
        cause: error,
      });
    }
    await db.close();
  } finally {
    await release();
  }
};

export const restorePostgres = async (file: string, databaseUrl: string): Promise<void> => {
  await fs.access(file);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_catalog.pg_class c
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
         and n.nspname not like 'pg\\_%'`,
    );
    if (rows[0]!.n > 0) throw new RestoreTargetNotEmptyError('The database (DATABASE_URL)');
    await client.query(await readRolesSql());
  } finally {
    await client.end();
  }
  await run('psql', [
    '--no-psqlrc',
    '--quiet',
    '--single-transaction',
    '--set=ON_ERROR_STOP=1',
    `--file=${file}`,
    `--dbname=${databaseUrl}`,
  ]);
};
