import { describe, expect, it } from 'vitest';
import { named, queryNamed } from '../../api/db/named-sql.ts';
import type { Queryable } from '../../api/db/client.ts';

describe('a statement with named parameters', () => {
  it('numbers the names in the order they first appear', () => {
    const statement = named('select * from bookings where date_id = {dateId} and user_id = {uid} and price_id = {priceId}');
    expect(statement.text).toBe('select * from bookings where date_id = $1 and user_id = $2 and price_id = $3');
    expect(statement.names).toEqual(['dateId', 'uid', 'priceId']);
  });

  it('gives the values in the order of their numbers, whatever the order of the object', () => {
    const statement = named('update bookings set client_secret = {secret} where id = {id}');
    expect(statement.bind({ id: 'bk_1', secret: 'pi_1_secret' })).toEqual({
      text: 'update bookings set client_secret = $1 where id = $2',
      values: ['pi_1_secret', 'bk_1'],
    });
  });

  it('uses one number for a name that appears twice', () => {
    const statement = named('select {code}::text is not null and promo_code = {code} and user_id = {uid}');
    expect(statement.bind({ uid: 'u1', code: 'WELCOME10' })).toEqual({
      text: 'select $1::text is not null and promo_code = $1 and user_id = $2',
      values: ['WELCOME10', 'u1'],
    });
  });

  it('keeps null, arrays and other values as they are', () => {
    const ids = ['act_1', 'act_2'];
    expect(named('select {ids}::text[], {none}, {count}').bind({ ids, none: null, count: 3 }).values).toEqual([ids, null, 3]);
  });

  it('is the same text on every call, so a prepared statement is found again', () => {
    const template = 'select {b}, {a}, {b}';
    expect(named(template).text).toBe(named(template).text);
    const statement = named(template);
    expect(statement.bind({ a: 1, b: 2 }).text).toBe(statement.bind({ a: 'x', b: 'y' }).text);
  });

  it('composes from fragments by name, whichever fragment comes first', () => {
    const saveUser = 'insert into users (uid) values ({uid})';
    const count = (key: string) => `select count from rate_limits where key = ${key}`;
    const statement = named(`with customer as (${saveUser}), counted as (${count('{key}')}) select {dateId}, {uid}`);
    expect(statement.text).toBe(
      'with customer as (insert into users (uid) values ($1)), counted as (select count from rate_limits where key = $2) select $3, $1',
    );
    expect(statement.bind({ dateId: 'd1', key: 'intents:u1', uid: 'u1' }).values).toEqual(['u1', 'intents:u1', 'd1']);
  });

  it('leaves braces in quoted text, quoted names and comments alone', () => {
    const statement = named(
      `select '{a}'::text[], 'it''s {b}', "{c}", x -- the {d}'s
       , /* {e} */ {f}`,
    );
    expect(statement.names).toEqual(['f']);
    expect(statement.text).toBe(`select '{a}'::text[], 'it''s {b}', "{c}", x -- the {d}'s
       , /* {e} */ $1`);
  });

  it('takes only names that could be identifiers', () => {
    expect(named(`select '{}'::int[], {1a}, { a }, {a_1}`).names).toEqual(['a_1']);
  });

  it('refuses a numbered parameter among the named ones', () => {
    expect(() => named('select {a}, $1')).toThrow('uses the numbered parameter $1');
  });

  it('leaves a numbered parameter in quoted text or a comment alone', () => {
    expect(named(`select '$1', {a} -- not $2`).text).toBe(`select '$1', $1 -- not $2`);
  });

  it('refuses to bind without a value for every name, naming those missing', () => {
    const statement = named('select {a}, {b}, {c}');
    expect(() => statement.bind({ b: 1 })).toThrow('no value for the parameters a, c');
  });

  it('takes undefined as a value given', () => {
    expect(named('select {a}').bind({ a: undefined }).values).toEqual([undefined]);
  });

  it('refuses a value the statement does not use, such as a misspelt name', () => {
    const statement = named('select {dateId}, {uid}');
    expect(() => statement.bind({ dateId: 'd1', uid: 'u1', dateID: 'd1' })).toThrow('the statement has no parameters named dateID');
  });

  it('runs on a database with the numbered text and the values in order', async () => {
    const calls: { sql: string; params: readonly unknown[] | undefined }[] = [];
    const db: Queryable = {
      query: async <T>(sql: string, params?: readonly unknown[]) => {
        calls.push({ sql, params });
        return [{ ok: true }] as T[];
      },
    };
    const rows = await queryNamed(db, named('select {b}, {a}'), { a: 1, b: 2 });
    expect(rows).toEqual([{ ok: true }]);
    expect(calls).toEqual([{ sql: 'select $1, $2', params: [2, 1] }]);
  });
});
