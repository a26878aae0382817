/**
 * The README's table of the API's routes, made from the route table (shared/contract/routes): one row
 * per route, grouped as the reference groups them. `npm run routes:readme` writes it into the README
 * between its markers; a unit test fails when the README's table is not the one this makes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import type { Route } from '../shared/contract/routes/route.ts';
import { ROUTE_TABLES } from '../shared/contract/routes/index.ts';

export const README = new URL('../README.md', import.meta.url);
export const START = '<!-- The table of routes is made from shared/contract/routes by npm run routes:readme. -->';
export const END = '<!-- End of the table of routes. -->';

const WHO: Record<Route['who'], string> = {
  anyone: 'anyone',
  customer: 'signed in',
  'account owner': 'own uid',
  guide: 'guide',
  staff: 'guide or operator',
  operator: 'operator',
  'payment provider': 'provider signature',
};

/** The table as the README shows it, formatted as the project's Prettier formats Markdown. */
export async function routesMarkdown(): Promise<string> {
  const rows = Object.values(ROUTE_TABLES).flatMap((table) =>
    Object.values(table as Record<string, Route>).map(
      (route) => `| \`${route.method} ${route.path}\` | ${WHO[route.who]} | ${route.summary} |`,
    ),
  );
  const table = ['| call | who | what it does |', '| --- | --- | --- |', ...rows].join('\n');
  const options = (await resolveConfig(README.pathname)) ?? {};
  return (await format(table, { ...options, parser: 'markdown' })).trim();
}

/** The README's table of routes as it stands, between its markers. */
export function readmeTable(readme: string): string | null {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  return start < 0 || end < start ? null : readme.slice(start + START.length, end).trim();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const readme = readFileSync(README, 'utf8');
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`The README has no markers for the table of routes (${START} ... ${END}).`);
  writeFileSync(README, `${readme.slice(0, start + START.length)}\n\n${await routesMarkdown()}\n\n${readme.slice(end)}`);
  console.log(`The README's table of routes lists ${Object.values(ROUTE_TABLES).reduce((n, t) => n + Object.keys(t).length, 0)} routes.`);
}
