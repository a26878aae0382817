/**
 * The API's SQL reads the time from `app_now()` (api/db/migrations/033_app_clock.ts), never `now()`
 * itself, so that a transaction may act at the instant it sets. Migrations before the clock existed,
 * and the table of migrations made before any, are history.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const API = 'api';
const HISTORY = [/^api\/db\/migrations\//];

/** The text inside the quotes of a file: template literals and single-quoted strings, where its SQL is. */
const quoted = (source: string) => [...source.matchAll(/`[^`]*`|'(?:[^'\\\n]|\\.)*'/g)].map((match) => match[0]);

describe("the API's SQL", () => {
  it('reads the time from app_now(), not now()', () => {
    const files = readdirSync(API, { recursive: true, encoding: 'utf8' })
      .map((file) => join(API, file))
      .filter((file) => file.endsWith('.ts') && !HISTORY.some((path) => path.test(file)));
    expect(files.length).toBeGreaterThan(100);
    const bare = files.flatMap((file) =>
      quoted(readFileSync(file, 'utf8'))
        .filter((text) => /(?<![.\w])now\(\)/.test(text) && !text.includes('create table if not exists schema_migrations'))
        .map((text) => `${file}: ${text.slice(0, 80)}`),
    );
    expect(bare).toEqual([]);
  });
});
