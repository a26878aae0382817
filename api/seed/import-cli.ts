/**
 * npm run catalog:import -- FILE.json [FILE.json ...]
 * Adds or updates products, prices, dates and promo codes from JSON files (see catalog-file.ts and
 * README). `--demo-season` also writes this year's generated demo season.
 */
import { readFileSync } from 'node:fs';
import { withOperatorDb } from '../db/operator-db.ts';
import { importCatalog, parseCatalogFile } from './import.ts';
import { demoCatalog } from './seed.ts';

const args = process.argv.slice(2);
const files = args.filter((arg) => !arg.startsWith('--'));
if (files.length === 0 && !args.includes('--demo-season')) {
  console.error('usage: npm run catalog:import -- FILE.json [FILE.json ...] [--demo-season]');
  process.exit(2);
}

await withOperatorDb(async (db) => {
  const sources: [string, unknown][] = files.map((file) => [file, JSON.parse(readFileSync(file, 'utf8'))]);
  if (args.includes('--demo-season')) sources.push(['demo season', demoCatalog()]);
  for (const [name, json] of sources) {
    let counts;
    try {
      counts = await importCatalog(db, parseCatalogFile(json, name));
    } catch (error) {
      // A file is loaded whole or not at all: nothing of this one was written.
      console.error(`${name} was not loaded: ${(error as Error).message}`);
      process.exitCode = 1;
      return;
    }
    const leftOut = [
      ...(counts.onBlackoutDays > 0 ? [`${counts.onBlackoutDays} on blackout days left out`] : []),
      ...(counts.calledOff > 0 ? [`${counts.calledOff} called off left as they are`] : []),
    ]
      .map((note) => ` (${note})`)
      .join('');
    console.log(
      `${name}: ${counts.products} products, ${counts.prices} prices, ${counts.dates} dates${leftOut}, ${counts.promoCodes} promo codes`,
    );
  }
});
