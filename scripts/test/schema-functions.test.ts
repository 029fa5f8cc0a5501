// Functions and triggers are defined once, in supabase/schemas; migrations that change them are
// generated from there (`npm run gen:migration -- <name>`). This fails while the two disagree:
// a schema file edited without its migration, a migration that changed a function without its
// schema file, or a function or trigger that no schema file declares.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../backend/src/db/types.ts';
import {
  migratedDatabase,
  nextMigrationStamp,
  readSchemaUnits,
  schemaDrift,
  splitStatements,
  type SchemaDrift,
} from '../lib/sql-schemas.ts';

let db: Db;
let drift: SchemaDrift;

beforeAll(async () => {
  db = await migratedDatabase();
  drift = await schemaDrift(db, await readSchemaUnits());
}, 120_000);

afterAll(() => db?.close());

describe('supabase/schemas', () => {
  it('declares every function and trigger of the migrations', () => {
    expect(drift.undeclared).toEqual([]);
  });

  it('is what the migrations define (run `npm run gen:migration -- <name>`)', () => {
    expect(drift.changed.map((unit) => `${unit.object} (${unit.file})`)).toEqual([]);
  });
});

describe('the statement splitter', () => {
  it('keeps semicolons inside strings, dollar quotes and comments', () => {
    const sql = `-- a; comment\ncreate function f() returns text language sql as $$ select 'a;b' $$;\n/* x; */ select $t$;$t$, "q;";\n`;
    expect(splitStatements(sql)).toEqual([
      `-- a; comment\ncreate function f() returns text language sql as $$ select 'a;b' $$;`,
      `/* x; */ select $t$;$t$, "q;";`,
    ]);
  });
});

describe('the next migration stamp', () => {
  it("follows the day's last migration, or starts the day", () => {
    const today = new Date('2026-11-26T12:00:00Z');
    expect(nextMigrationStamp(['20261124001200_a.sql'], today)).toBe('20261126000100');
    expect(nextMigrationStamp(['20261126000100_a.sql'], today)).toBe('20261126000200');
  });
});
