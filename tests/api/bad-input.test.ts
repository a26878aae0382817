import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { harness, newUser, SURVEY, type Harness, type TestUser } from './harness.ts';

const RUNS = 200;
let h: Harness;
let rider: TestUser;

beforeAll(async () => {
  h = await harness();
  rider = await newUser();
  await h.json('POST', `/users/user/${rider.uid}`, { token: rider.token, body: { uid: rider.uid, email: rider.email } });
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

  it('left the rider\u2019s record readable', async () => {
    const read = await h.call('GET', `/users/user/${rider.uid}`, { token: rider.token });
    expect(read.status).toBe(200);
  });
});
