/**
 * Brings a database to what a hosted Supabase project looks like after `supabase db push`:
 * first what the platform provides (roles.sql, bootstrap.sql), then each file of supabase/migrations once,
 * in file-name order (the timestamp prefix), each in its own transaction with its record.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './types.ts';

const rolesFile = fileURLToPath(new URL('./roles.sql', import.meta.url));
const bootstrapFile = fileURLToPath(new URL('./bootstrap.sql', import.meta.url));

/** The API roles (anon, authenticated, service_role); also what a restore needs first. */
export const readRolesSql = () => fs.readFile(rolesFile, 'utf8');

/** Serialises concurrent starts of several backends on one PostgreSQL database. */
const MIGRATION_LOCK_KEY = 54321_0001;

export interface MigrationReport {
  applied: string[];
  skipped: number;
}

export const migrate = async (db: Db, migrationsDir: string): Promise<MigrationReport> => {
  const files = (await fs.readdir(migrationsDir)).filter((name) => name.endsWith('.sql')).sort();
  const roles = await readRolesSql();
  const bootstrap = await fs.readFile(bootstrapFile, 'utf8');

  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(roles);
    await tx.exec(bootstrap);
    const done = await tx.query<{ name: string }>('select name from taskflow_local.migrations');
    const doneNames = new Set(done.rows.map((row) => row.name));
    const applied: string[] = [];
    for (const name of files.filter((file) => !doneNames.has(file))) {
      const sql = await fs.readFile(path.join(migrationsDir, name), 'utf8');
      try {
        await tx.exec(sql);
      } catch (error) {
        throw new Error(
          `Migration ${name} failed: ${error instanceof Error ? error.message : error}`,
          {
            cause: error,
          },
        );
      }
      await tx.query('insert into taskflow_local.migrations (name) values ($1)', [name]);
      applied.push(name);
    }
    return { applied, skipped: doneNames.size };
  });
};
