/**
 * Supabase's database linter (splinter, the SQL behind the dashboard's Security and Performance
 * Advisors) against the migrated schema: what a hosted project's owner would be warned about.
 * The lint SQL is vendored unchanged in test/vendor/splinter/ (origin and licence in its README). Two
 * things a hosted project has and a local database does not are supplied here, not edited in:
 * - `pgrst.db_schemas`, which hosted projects set on the API role and lints 0002, 0016, 0017,
 *   0019, 0023, 0028 and 0029 read to know which schemas PostgREST exposes; unset, they would
 *   silently find nothing. Set to a hosted project's default.
 * - the file's first statement (`set local search_path = ''`) runs as set_config, because the
 *   PGlite adapter runs one statement per query.
 */
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from './support/backend.ts';

const LEADING_SET = /^\s*set local search_path = '';\s*/i;

interface Finding {
  name: string;
  level: 'ERROR' | 'WARN' | 'INFO';
  detail: string;
  cache_key: string;
}

/**
 * Deliberate exceptions, by cache_key, each with its reason. Keep this empty unless a warning
 * is understood and accepted; a new finding fails the test.
 */
const ACCEPTED: Record<string, string> = {};

describe('splinter (Supabase database linter)', () => {
  let backend: TestBackend;
  let findings: Finding[];
  beforeAll(async () => {
    backend = await startTestBackend();
    const lintSql = await fs.readFile(
      new URL('./vendor/splinter/splinter.sql', import.meta.url),
      'utf8',
    );
    if (!LEADING_SET.test(lintSql)) throw new Error('splinter.sql no longer starts as expected');
    findings = await backend.db.transaction(async (tx) => {
      await tx.query(
        `select set_config('search_path', '', true),
                set_config('pgrst.db_schemas', 'public, graphql_public', true)`,
      );
      const { rows } = await tx.query<Finding>(lintSql.replace(LEADING_SET, ''));
      return rows;
    });
  });
  afterAll(async () => {
    await backend?.close();
  });

  it('finds nothing at WARN or ERROR level in the migrated schema', () => {
    const serious = findings
      .filter((f) => f.level !== 'INFO' && !(f.cache_key in ACCEPTED))
      .map((f) => `${f.level} ${f.name}: ${f.detail}`);
    expect(serious).toEqual([]);
  });

  it('runs every lint (the exposed-schema setting took effect)', async () => {
    // A control: with a security definer function exposed to `authenticated`, lint 0029 fires.
    const flagged = await backend.db.transaction(async (tx) => {
      await tx.exec(
        `create function public.splinter_probe() returns int language sql security definer
           set search_path = '' as 'select 1';
         grant execute on function public.splinter_probe() to authenticated;`,
      );
      const lintSql = await fs.readFile(
        new URL('./vendor/splinter/splinter.sql', import.meta.url),
        'utf8',
      );
      await tx.query(
        `select set_config('search_path', '', true),
                set_config('pgrst.db_schemas', 'public, graphql_public', true)`,
      );
      const { rows } = await tx.query<Finding>(lintSql.replace(LEADING_SET, ''));
      await tx.exec('drop function public.splinter_probe()');
      return rows.map((f) => f.cache_key);
    });
    expect(flagged).toContain(
      'authenticated_security_definer_function_executable_public_splinter_probe_',
    );
  });
});
