import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { freeDate, harness, intentBody, newUser, SIGNATURE, SURVEY, type Harness, type TestUser } from './harness.ts';
import type { CalendarEntry } from '../../shared/contract/answers.ts';

const RUNS = 200;
let h: Harness;
let rider: TestUser;
let tour: CalendarEntry;

beforeAll(async () => {
  h = await harness();
  rider = await newUser();
  await h.json('POST', `/users/user/${rider.uid}`, { token: rider.token, body: { uid: rider.uid, email: rider.email } });
  tour = await freeDate(h, 'winter-day-tours');
});

/** Values of every JSON type, with a bias towards the field names each route knows. */
const value = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.constant(null),
  fc.constant(''),
);
const shaped = (keys: readonly string[]) =>
  fc.oneof(
    fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: keys.length }),
    fc.dictionary(
      fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 8 })),
      fc.oneof(value, fc.dictionary(fc.constantFrom(...keys), value)),
    ),
    fc.jsonValue({ maxDepth: 3 }),
  );
const rawText = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.constantFrom('{', '{"a":', '[1,', 'null', '"x"', '{"__proto__":{"x":1}}', '\u0000'),
);

const ROUTES = [
  ['POST', '/users/user/{uid}', ['uid', 'email', 'displayName', 'photoURL', 'providerData', 'tenantId', 'emailVerified']],
  ['PUT', '/users/user/{uid}', ['survey', 'signature', 'agreed', ...Object.keys(SURVEY)]],
  ['PUT', '/authUsers/authUser/{uid}', ['userData', 'displayName', 'email', 'phoneNumber']],
  ['POST', '/promo/apply', ['promoCode', 'selectedPriceId', 'quantity']],
  ['POST', '/stripe/applyPromoCode', ['promoCode', 'selectedPriceId', 'quantity']],
  ['POST', '/stripe/create-payment-intent', ['priceId', 'quantity', 'metadata', 'promoCode', 'userId', 'dateId', 'partySize', 'calendar']],
  ['POST', '/payments/local/confirm', ['clientSecret', 'cardNumber', 'expiry', 'cvc']],
  ['POST', '/calendar/invite', ['inviteCode']],
] as const;
const routes = () => ROUTES.map(([method, path, keys]) => [method, path.replace('{uid}', rider.uid), keys] as const);

/** Bodies each route would accept (or refuse only for what they mean, never for their shape). */
const wellShaped = (): Record<string, Record<string, unknown>[]> => {
  const promo = [{ promoCode: 'SPRING20', selectedPriceId: 'price_tour_ski', quantity: 2 }];
  return {
    'POST /users/user/{uid}': [
      {
        uid: rider.uid,
        email: rider.email,
        emailVerified: false,
        displayName: 'Jo Rider',
        photoURL: 'https://example.com/jo.png',
        phoneNumber: '+14355550100',
        isAnonymous: false,
        providerData: [
          { providerId: 'password', uid: rider.email, displayName: 'Jo Rider', email: rider.email, phoneNumber: null, photoURL: null },
        ],
        tenantId: null,
      },
    ],
    'PUT /users/user/{uid}': [
      { survey: { ...SURVEY, medicalConditions: 'Asthma;\nuses an inhaler.\tNothing else.' } },
      { signature: SIGNATURE, agreed: true },
    ],
    'PUT /authUsers/authUser/{uid}': [{ userData: { displayName: 'Jo Rider', email: rider.email, phoneNumber: '+14355550100' } }],
    'POST /promo/apply': promo,
    'POST /stripe/applyPromoCode': promo,
    'POST /stripe/create-payment-intent': [intentBody(rider, tour, 'winter-day-tours', 'price_tour_ski', 2, { promoCode: 'SPRING20' })],
    'POST /payments/local/confirm': [{ clientSecret: 'pi_local_secret_x', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }],
    'POST /calendar/invite': [{ inviteCode: 'inv_abcdefghijkl' }],
  };
};

/** One character no field may hold: a C0 control other than tab, line feed and carriage return, DEL, or half a surrogate pair. */
const badCharacter = fc
  .oneof(
    fc.integer({ min: 0, max: 0x1f }).filter((code) => ![0x09, 0x0a, 0x0d].includes(code)),
    fc.constant(0x7f),
    fc.integer({ min: 0xd800, max: 0xdfff }),
    fc.constant(0),
  )
  .map((code) => String.fromCharCode(code));

/**
 * Text that certainly holds a bad character: any UTF-16 code units around it (fast-check's
 * binary strings), kept apart by spaces so a surrogate half cannot pair up with a neighbour.
 */
const badText = fc
  .tuple(fc.string({ unit: 'binary', maxLength: 12 }), badCharacter, fc.string({ unit: 'binary', maxLength: 12 }))
  .map(([before, bad, after]) => `${before} ${bad} ${after}`);

/** A copy of a body with one field's value (or, with asKey, one field's name) replaced by bad text. */
function spoil(body: Record<string, unknown>, slot: number, asKey: boolean, bad: string): unknown {
  const copy = structuredClone(body);
  // Every field of every object, and every item of every array, as [its parent, its key or index].
  const places: [Record<string, unknown>, string][] = [];
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, item] of Object.entries(node)) {
      places.push([node as Record<string, unknown>, key]);
      visit(item);
    }
  };
  visit(copy);
  const [parent, key] = places[slot % places.length] as [Record<string, unknown>, string];
  if (asKey && !Array.isArray(parent)) {
    const value = parent[key];
    delete parent[key];
    parent[`${key}${bad}`] = value;
  } else {
    parent[key] = bad;
  }
  return copy;
}

/** Everything a request could have written. */
const stored = async () => ({
  users: await h.db.query('select * from users order by uid'),
  bookings: await h.db.query('select * from bookings order by id'),
  members: await h.db.query('select * from booking_members order by booking_id, user_id'),
  promoCodes: await h.db.query('select * from promo_codes order by code'),
  dates: await h.db.query('select * from calendar_dates order by id'),
});

describe('bad input never produces a server error', () => {
  it.each(ROUTES.map(([method, path], index) => [`${method} ${path}`, index] as const))(
    '%s never answers structured junk with a 5xx',
    async (_name, index) => {
      const [method, path, keys] = routes()[index] ?? [];
      if (!method || !path || !keys) throw new Error(`no route ${index}`);
      await fc.assert(
        fc.asyncProperty(shaped(keys), async (body) => {
          const response = await h.call(method, path, { token: rider.token, body });
          return response.status < 500;
        }),
        { numRuns: RUNS },
      );
    },
  );

  it.each(ROUTES.map(([method, path], index) => [`${method} ${path}`, index] as const))(
    '%s answers text that is not valid JSON with a 4xx',
    async (_name, index) => {
      const [method, path] = routes()[index] ?? [];
      if (!method || !path) throw new Error(`no route ${index}`);
      await fc.assert(
        fc.asyncProperty(rawText, async (text) => {
          const response = await h.call(method, path, { token: rider.token, body: text, headers: { 'Content-Type': 'application/json' } });
          return response.status >= 400 && response.status < 500;
        }),
        { numRuns: RUNS },
      );
    },
  );

  it('answers 413 for an oversized body on every route', async () => {
    const big = JSON.stringify({ promoCode: 'x'.repeat(1_100_000) });
    for (const [method, path] of routes()) {
      const response = await h.call(method, path, { token: rider.token, body: big });
      expect(response.status, `${method} ${path}`).toBe(413);
    }
  });

  it('answers 415 for a body that is not JSON on every route', async () => {
    for (const [method, path] of routes()) {
      const response = await h.call(method, path, { token: rider.token, body: 'a=1', headers: { 'Content-Type': 'text/plain' } });
      expect(response.status, `${method} ${path}`).toBe(415);
    }
  });

  it.each(ROUTES.map(([method, path], index) => [`${method} ${path}`, index] as const))(
    '%s refuses control characters, NUL and lone surrogates anywhere in a well-shaped body with 400, storing nothing',
    async (name, index) => {
      const [method, path] = routes()[index] ?? [];
      const bodies = wellShaped()[name];
      if (!method || !path || !bodies) throw new Error(`no route or no well-shaped body for ${name}`);
      const before = await stored();
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...bodies), fc.nat(), fc.boolean(), badText, async (body, slot, asKey, bad) => {
          const spoiled = spoil(body, slot, asKey, bad);
          const response = await h.call(method, path, { token: rider.token, body: spoiled });
          const answer = (await response.json()) as { error?: string };
          expect(response.status, JSON.stringify(spoiled)).toBe(400);
          expect(answer.error).toMatch(/contains a character that is not allowed/);
        }),
        { numRuns: RUNS },
      );
      expect(await stored()).toEqual(before);
    },
  );

  it('lets the same bodies through the text check when their text is clean', async () => {
    for (const [method, path] of routes()) {
      for (const body of wellShaped()[`${method} ${path.replace(rider.uid, '{uid}')}`] ?? []) {
        const answer = await h.json<{ error?: string }>(method, path, { token: rider.token, body });
        expect(answer.status, `${method} ${path}`).toBeLessThan(500);
        expect(answer.body.error ?? '', `${method} ${path}`).not.toMatch(/not allowed/);
      }
    }
    const saved = await h.json<{ survey: { medicalConditions: string } }>('GET', `/users/user/${rider.uid}`, { token: rider.token });
    expect(saved.body.survey.medicalConditions).toBe('Asthma;\nuses an inhaler.\tNothing else.');
  });

  it('left the rider\u2019s record readable', async () => {
    const read = await h.call('GET', `/users/user/${rider.uid}`, { token: rider.token });
    expect(read.status).toBe(200);
  });
});
