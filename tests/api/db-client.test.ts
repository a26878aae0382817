/**
 * The SQL interface under the API: parameterized statements are kept prepared under a name (on each
 * connection to Postgres, on the one backend of PGlite), so values of every kind must come back as
 * they went in, however often a statement runs and wherever it first ran.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../api/db/client.ts';
import { openTestDb } from './harness.ts';

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
  await db.exec(`create table samples (id text primary key, n integer, flag boolean, doc jsonb, tags text[], at timestamptz)`);
});
afterAll(() => db.close());

const INSERT = 'insert into samples (id, n, flag, doc, tags, at) values ($1, $2, $3, $4, $5, $6) returning *';
const BY_ID = 'select id, n, flag, doc, tags, at from samples where id = $1';

const AWKWARD = [
  `it's`,
  `two '' quotes`,
  'back\\slash \\\\ and \\x27',
  `'); drop table samples; --`,
  '$1 $$ $tag$ dollar',
  'semi; colon -- dash /* comment */',
  'unicode: ÅŞİ 雪 🏔️',
  '',
  ' ',
  '{"looks":"like json"}',
  '{a,b}',
];

describe('values through prepared statements', () => {
  it('come back exactly, text of every awkward kind included, however often the statement runs', async () => {
    for (const [index, text] of AWKWARD.entries()) {
      const at = new Date(Date.UTC(2027, 0, 1, 8, index));
      const row = {
        id: text === '' ? `empty-${index}` : text,
        n: index - 3,
        flag: index % 2 === 0,
        doc: { text, list: [text, null, 1.5] },
        tags: [text, `"${text}"`, null, 'x,y'],
        at,
      };
      const [inserted] = await db.query(INSERT, [row.id, row.n, row.flag, row.doc, row.tags, row.at]);
      expect(inserted).toEqual(row);
      expect(await db.query(BY_ID, [row.id])).toEqual([row]);
    }
    expect(await db.query('select count(*)::int as count from samples')).toEqual([{ count: AWKWARD.length }]);
  });

  it('pass nulls, JSON and array parameters', async () => {
    await db.query(INSERT, ['nulls', null, null, null, null, null]);
    expect(await db.query(BY_ID, ['nulls'])).toEqual([{ id: 'nulls', n: null, flag: null, doc: null, tags: null, at: null }]);
    expect(await db.query('select $1::jsonb as doc', [{ list: ['a', "b'c"] }])).toEqual([{ doc: { list: ['a', "b'c"] } }]);
    const found = await db.query<{ id: string }>('select id from samples where id = any($1::text[]) order by id', [
      [`it's`, 'nulls', 'none'],
    ]);
    expect(found.map((row) => row.id)).toEqual([`it's`, 'nulls']);
  });

  it('refuse a NUL character, as the database always has', async () => {
    await expect(db.query(BY_ID, ['a\u0000b'])).rejects.toThrow();
    expect(await db.query(BY_ID, [`it's`])).toHaveLength(1);
  });

  it('keep working when the statement was first run in a transaction that rolled back', async () => {
    const sql = 'select n from samples where id = $1 and n >= $2';
    await expect(
      db.transaction(async (tx) => {
        expect(await tx.query(sql, [`it's`, -10])).toEqual([{ n: -3 }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await db.query(sql, [`it's`, -10])).toEqual([{ n: -3 }]);
    await db.transaction(async (tx) => expect(await tx.query(sql, [`it's`, -10])).toEqual([{ n: -3 }]));
  });

  it('serve a new statement run inside a transaction and outside it at the same time', async () => {
    const sql = 'select count(*)::int as count from samples where n > $1';
    const [inside, outside] = await Promise.all([
      db.transaction(async (tx) => {
        const first = await tx.query(sql, [0]);
        await tx.query(sql, [0]);
        return first;
      }),
      db.query(sql, [0]),
    ]);
    expect(inside).toEqual(outside);
  });

  it("give each of a transaction's statements run side by side its own rows, with and without parameters", async () => {
    await db.query(INSERT, ['side-by-side', 7, false, null, null, null]);
    const answers = await db.transaction(async (tx) => {
      await tx.query(`update samples set n = 8 where id = $1`, ['side-by-side']);
      return Promise.all([
        tx.query('select count(*)::int as count from samples'),
        tx.query(BY_ID, ['side-by-side']),
        tx.query(`select 'plain' as word`),
        tx.query('select n from samples where id = $1', ['side-by-side']),
      ]);
    });
    const [count] = await db.query<{ count: number }>('select count(*)::int as count from samples');
    expect(answers).toEqual([[count], [expect.objectContaining({ id: 'side-by-side', n: 8 })], [{ word: 'plain' }], [{ n: 8 }]]);
  });

  it('report errors as the database words them, with their codes', async () => {
    await expect(db.query('select nope from samples where id = $1', ['x'])).rejects.toThrow(/column "nope" does not exist/);
    await expect(db.query(INSERT, [`it's`, 1, true, null, null, null])).rejects.toMatchObject({ code: '23505' });
  });
});
