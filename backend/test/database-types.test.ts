// The committed Database type (shared/src/backend/database.types.ts) must be what the
// migrations generate: a migration without `npm run gen:types` fails here, not in production.
import fs from 'node:fs/promises';
import { expect, test } from 'vitest';
import { databaseTypesFile, generateDatabaseTypes } from '../../scripts/lib/database-types.ts';

test('the committed Database type matches the migrations (run `npm run gen:types`)', async () => {
  const committed = await fs.readFile(databaseTypesFile, 'utf8');
  expect(committed).toBe(await generateDatabaseTypes());
});
