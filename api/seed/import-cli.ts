/**
 * npm run catalog:import -- FILE.json [FILE.json ...]
 * Adds or updates products, prices, dates and promo codes from JSON files (see catalog-file.ts and
 * README). `--demo-season` also writes this year's generated demo season.
 */
import { readFileSync } from 'node:fs';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { readEnv } from '../env.ts';
import { importCatalog, parseCatalogFile } from './import.ts';
import { demoCatalog } from './seed.ts';
import { assertDataDirFree } from '../db/data-dir-lock.ts';

const args = process.argv.slice(2);
const files = args.filter((arg) => !arg.startsWith('--'));
if (files.length === 0 && !args.includes('--demo-season')) {
  console.error('usage: npm run catalog:import -- FILE.json [FILE.json ...] [--demo-season]');
  process.exit(2);
}

const env = readEnv();
if (!env.DATABASE_URL) assertDataDirFree(env.DATA_DIR);
const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await migrate(db);
  const sources: [string, unknown][] = files.map((file) => [file, JSON.parse(readFileSync(file, 'utf8'))]);
  if (args.includes('--demo-season')) sources.push(['demo season', demoCatalog()]);
  for (const [name, json] of sources) {
    const counts = await importCatalog(db, parseCatalogFile(json, name));
    console.log(`${name}: ${counts.products} products, ${counts.prices} prices, ${counts.dates} dates, ${counts.promoCodes} promo codes`);
  }
} finally {
  await db.close();
}
