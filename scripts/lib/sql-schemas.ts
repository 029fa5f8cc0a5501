// The declared functions and triggers of supabase/schemas, and what `npm run gen:migration`
// and the drift test do with them.
//
// supabase/schemas holds the current definition of every function and trigger of the schemas
// `public` and `private` (and the triggers on auth.users), one file per concern, applied in
// file-name order as the Supabase CLI applies its declarative schemas. Each file is a sequence
// of units: a `create or replace function` or `create or replace trigger` statement, with the
// comment lines above it and the `comment on`, `revoke` and `grant` statements after it.
// A unit is the smallest piece a generated migration copies: the one that changed, verbatim.
//
// "Changed" is decided by PostgreSQL, not by comparing text: a database is brought to the state
// of supabase/migrations, then each unit runs in it; a unit whose run changed the catalogue
// (pg_get_functiondef, the privileges, the comment, pg_get_triggerdef) is new or different.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from '../../backend/src/db/migrations.ts';
import { openPglite } from '../../backend/src/db/pglite-adapter.ts';
import type { Db, Queryable } from '../../backend/src/db/types.ts';

export const schemasDir = fileURLToPath(new URL('../../supabase/schemas', import.meta.url));
export const migrationsDir = fileURLToPath(new URL('../../supabase/migrations', import.meta.url));

/**
 * Splits SQL text into statements, each with the comment lines and blank lines before it.
 * Knows what can hide a semicolon: quoted strings and identifiers, dollar quotes ($$, $tag$),
 * line and block comments. Text after the last semicolon (a trailing comment) is dropped.
 */
export const splitStatements = (sql: string): string[] =>
  splitRaw(sql)
    .map((s) => s.replace(/^\s*\n/, ''))
    .filter((s) => s.trim() !== '');

/** The statements with all the text between them, so that joined they give the input back. */
const splitRaw = (sql: string): string[] => {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  while (i < sql.length) {
    const rest = sql.slice(i);
    if (rest.startsWith('--')) {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end + 1;
    } else if (rest.startsWith('/*')) {
      const end = sql.indexOf('*/', i + 2);
      i = end === -1 ? sql.length : end + 2;
    } else if (sql[i] === "'" || sql[i] === '"') {
      const quote = sql[i]!;
      let j = i + 1;
      while (j < sql.length) {
        if (sql[j] === quote && sql[j + 1] === quote) j += 2;
        else if (sql[j] === quote) break;
        else j += 1;
      }
      i = j + 1;
    } else if (sql[i] === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(rest)?.[0];
      if (tag) {
        const end = sql.indexOf(tag, i + tag.length);
        i = end === -1 ? sql.length : end + tag.length;
      } else i += 1;
    } else if (sql[i] === ';') {
      statements.push(sql.slice(start, i + 1));
      start = i + 1;
      i += 1;
    } else i += 1;
  }
  return statements;
};

/**
 * A unit's own text: the statement with the comment lines right above it. A comment paragraph
 * separated from it by a blank line (a file's header) belongs to the file, not to the unit.
 */
const ownText = (statement: string): string => {
  const lines = statement.split('\n');
  const first = lines.findIndex((line) => line.trim() !== '' && !line.trim().startsWith('--'));
  const blank = lines.slice(0, first).findLastIndex((line) => line.trim() === '');
  return lines.slice(blank + 1).join('\n');
};

/** The statement without its leading comment lines, lower-cased and on one line. */
const head = (statement: string): string =>
  statement
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** What a unit declares: `function private.record_activity` or `trigger record_activity on public.cards`. */
export const declaredObject = (statement: string): string | undefined => {
  const text = head(statement);
  const fn = /^create or replace function ([\w.]+)\s*\(/.exec(text);
  if (fn) return `function ${fn[1]}`;
  const trigger = /^create or replace trigger (\w+) .*? on ([\w.]+) /.exec(text);
  if (trigger) return `trigger ${trigger[1]} on ${trigger[2]}`;
  return undefined;
};

export interface SchemaUnit {
  /** The schema file, relative to supabase/schemas. */
  file: string;
  /** `function <schema>.<name>` or `trigger <name> on <schema>.<table>`. */
  object: string;
  /** The statements as written, ready to run or to copy into a migration. */
  sql: string;
}

/** Every unit of every file of supabase/schemas, in the order they apply. */
export const readSchemaUnits = async (dir = schemasDir): Promise<SchemaUnit[]> => {
  const files = (await fs.readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  const units: SchemaUnit[] = [];
  for (const file of files) {
    const statements = splitRaw(await fs.readFile(path.join(dir, file), 'utf8'));
    for (const statement of statements) {
      const object = declaredObject(statement);
      const last = units.at(-1);
      if (object) units.push({ file, object, sql: ownText(statement) });
      else if (last?.file === file && /^(comment on|revoke|grant) /.test(head(statement)))
        last.sql += statement;
      else
        throw new Error(
          `supabase/schemas/${file}: only functions and triggers (with their comment, revoke and grant statements) are declared here, not:\n${statement.trim().slice(0, 200)}`,
        );
    }
  }
  return units;
};

/**
 * Every function of `public` and `private` and every user trigger on their tables and on
 * auth.users, each with all that defines it, keyed like SchemaUnit.object.
 */
export const catalogueOf = async (db: Queryable): Promise<Map<string, string>> => {
  const { rows } = await db.query<{ object: string; definition: string }>(`
    select format('function %s.%s', n.nspname, p.proname) as object,
           concat_ws(E'\\n', pg_get_functiondef(p.oid),
                     'privileges: ' || coalesce(p.proacl::text, 'default'),
                     'comment: ' || obj_description(p.oid, 'pg_proc')) as definition
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('public', 'private')
    union all
    select format('trigger %s on %s.%s', t.tgname, n.nspname, c.relname),
           concat_ws(E'\\n', pg_get_triggerdef(t.oid), 'enabled: ' || t.tgenabled::text,
                     'comment: ' || obj_description(t.oid, 'pg_trigger'))
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    where not t.tgisinternal
      and (n.nspname in ('public', 'private') or (n.nspname = 'auth' and c.relname = 'users'))
    order by 1, 2`);
  const catalogue = new Map<string, string>();
  for (const row of rows) {
    // Overloads would share a key; there are none, and declaring them needs a key per signature.
    if (catalogue.has(row.object)) throw new Error(`${row.object} is overloaded`);
    catalogue.set(row.object, row.definition);
  }
  return catalogue;
};

/** A fresh in-memory database in the state of supabase/migrations. */
export const migratedDatabase = async (): Promise<Db> => {
  const db = await openPglite(null);
  await migrate(db, migrationsDir);
  return db;
};

export interface SchemaDrift {
  /** Units whose run changed the database: what a new migration must carry. */
  changed: SchemaUnit[];
  /** Functions and triggers of the migrated database that no unit declares. */
  undeclared: string[];
}

/**
 * Runs every unit in a migrated database, in order, and reports those that changed it and the
 * objects that none declares. Leaves the database changed; use a throwaway one.
 */
export const schemaDrift = async (db: Db, units: SchemaUnit[]): Promise<SchemaDrift> => {
  const declared = new Set(units.map((unit) => unit.object));
  const undeclared = [...(await catalogueOf(db)).keys()].filter((key) => !declared.has(key));
  const changed: SchemaUnit[] = [];
  let before = await catalogueOf(db);
  for (const unit of units) {
    try {
      await db.exec(unit.sql);
    } catch (error) {
      throw new Error(
        `supabase/schemas/${unit.file}, ${unit.object}: ${error instanceof Error ? error.message : error}`,
        { cause: error },
      );
    }
    const after = await catalogueOf(db);
    const keys = new Set([...before.keys(), ...after.keys()]);
    if ([...keys].some((key) => before.get(key) !== after.get(key))) changed.push(unit);
    before = after;
  }
  return { changed, undeclared };
};

/** The next migration's timestamp: today's first (…000100) or 100 after the last of today. */
export const nextMigrationStamp = (existing: string[], today: Date = new Date()): string => {
  const day = today.toISOString().slice(0, 10).replaceAll('-', '');
  const stamps = existing
    .map((name) => name.slice(0, 14))
    .filter((stamp) => /^\d{14}$/.test(stamp));
  const last = stamps.sort().at(-1) ?? '';
  const candidate = `${day}000100`;
  return last >= candidate ? String(BigInt(last) + 100n) : candidate;
};

/** The text of a migration that carries the given units. */
export const migrationText = (name: string, units: SchemaUnit[]): string =>
  [
    `-- ${name}: generated by \`npm run gen:migration\` from supabase/schemas, where these`,
    '-- functions and triggers are defined and reviewed. Once applied, never edit this file:',
    '-- change the schema file and generate the next migration.',
    ...units.map((unit) => `\n-- From supabase/schemas/${unit.file}\n${unit.sql}`),
  ].join('\n') + '\n';
