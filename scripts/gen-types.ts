// `npm run gen:types`: regenerates shared/src/kernel/backend/database.types.ts from the migrations.
import fs from 'node:fs/promises';
import path from 'node:path';
import { databaseTypesFile, generateDatabaseTypes } from './lib/database-types.ts';

const source = await generateDatabaseTypes();
const before = await fs.readFile(databaseTypesFile, 'utf8').catch(() => null);
await fs.writeFile(databaseTypesFile, source);
const where = path.relative(process.cwd(), databaseTypesFile);
console.log(before === source ? `${where} is up to date` : `${where} regenerated`);
