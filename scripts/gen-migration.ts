// `npm run gen:migration -- <name>`: writes the migration that brings the functions and
// triggers of supabase/migrations to their definitions in supabase/schemas, as
// supabase/migrations/<timestamp>_<name>.sql. It copies, verbatim, each unit (a function or
// trigger with its comment and grants) whose run changes a database migrated to date; nothing
// else. `npm run gen:migration -- --check` only reports, and fails when a migration is due.
// scripts/test/schema-functions.test.ts fails while the two disagree.
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  migratedDatabase,
  migrationText,
  migrationsDir,
  nextMigrationStamp,
  readSchemaUnits,
  schemaDrift,
} from './lib/sql-schemas.ts';

const args = process.argv.slice(2);
const check = args.includes('--check');
const name = args.find((arg) => !arg.startsWith('--'));
if (!check && !(name && /^[a-z0-9_]+$/.test(name))) {
  console.error('Usage: npm run gen:migration -- <snake_case_name>   (or -- --check)');
  process.exit(2);
}

const units = await readSchemaUnits();
const db = await migratedDatabase();
const { changed, undeclared } = await schemaDrift(db, units).finally(() => db.close());

for (const object of undeclared)
  console.warn(`Not declared in supabase/schemas: ${object} (add its current definition there)`);
if (changed.length === 0) {
  console.log('supabase/schemas and supabase/migrations agree: no migration needed.');
  process.exit(undeclared.length > 0 ? 1 : 0);
}
for (const unit of changed) console.log(`changed: ${unit.object} (supabase/schemas/${unit.file})`);
if (check) process.exit(1);

const existing = await fs.readdir(migrationsDir);
const file = `${nextMigrationStamp(existing)}_${name}.sql`;
await fs.writeFile(path.join(migrationsDir, file), migrationText(file, changed));
console.log(`wrote supabase/migrations/${file}; run \`npm run gen:types\` if a signature changed`);
