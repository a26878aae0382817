import { describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.ts';
import { publicCache } from '../../api/cache.ts';
import { firebaseIdentity } from '../../api/identity.ts';
import { hit, sweepRateLimits } from '../../api/limits/rate-limit.ts';
import type { Queryable } from '../../api/db/client.ts';
import { parseCidrList } from '../../api/limits/client-ip.ts';
import { localProvider } from '../../api/payments/local.ts';
import { freeDate, fromAddress, harness, intentBody, newUser, PROJECT_ID, PROXY_ADDRESS, readyUser, type Harness } from './harness.ts';
import type { CalendarEntry } from '../../shared/contract/answers.ts';
import { currentWaiverEdition } from '../../api/users/waiver-edition.ts';

const PROMO = { promoCode: 'WELCOME10', selectedPriceId: 'price_tour_ski' };

async function expectTooMany(response: Response, windowSeconds: number, words: RegExp) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  const body = (await response.json()) as { error: string; message: string };
  expect(body.message).toBe(body.error);
  expect(body.error).toMatch(words);
  expect(body.error).toMatch(/Please try again in \d+ (seconds?|minutes)\./);
}

async function counter(h: Harness, key: string) {
  const [row] = await h.db.query<{ count: number }>('select sum(count)::int as count from rate_limits where key = $1', [key]);
  return row?.count ?? 0;
}

describe('payment intents per customer', () => {
  it('counts only calls that make a new hold, and answers 429 with Retry-After past the limit', async () => {
    const h = await harness({ limits: { paymentIntents: { max: 2, windowSeconds: 3600 } } });
    const rider = await readyUser(h);
    const ask = (date: CalendarEntry) =>
      h.call('POST', '/stripe/create-payment-intent', {
        token: rider.token,
        body: intentBody(rider, date, 'winter-day-tours', 'price_tour_ski', 1),
      });
    const first = await freeDate(h, 'winter-day-tours');
    expect((await ask(first)).status).toBe(200);
    expect((await ask(first)).status).toBe(200);
    expect((await ask(first)).status).toBe(200);
    const second = await freeDate(h, 'winter-day-tours');
    const secondHold = await ask(second);
    expect(secondHold.status).toBe(200);
    const { bookingId } = (await secondHold.json()) as { bookingId: string };

    const third = await freeDate(h, 'winter-day-tours');
    await expectTooMany(await ask(third), 3600, /checkout too many times/);
    // Refused: no hold on the third date, and the current hold stands.
    expect(await h.db.query('select id from bookings where date_id = $1', [third.id])).toEqual([]);
    expect(await h.db.query('select status from bookings where id = $1', [bookingId])).toEqual([{ status: 'held' }]);
    // Its repeat is still served, since it makes nothing new.
    expect((await ask(second)).status).toBe(200);
    expect(await counter(h, `intents:${rider.uid}`)).toBe(2);

    const someoneElse = await readyUser(h);
    const theirs = await h.call('POST', '/stripe/create-payment-intent', {
      token: someoneElse.token,
      body: intentBody(someoneElse, third, 'winter-day-tours', 'price_tour_ski', 1),
    });
    expect(theirs.status).toBe(200);
  });
});

// Windows of an hour in these tests, so that a window ending mid-test cannot reset a counter.
const WINDOW = 3600;

describe('promo code tries per client', () => {
  it('allows a few per window per IP over both paths, then 429; another client is unaffected', async () => {
    const h = await harness({ limits: { promoTries: { max: 3, windowSeconds: WINDOW } }, clientIpHeader: 'x-forwarded-for' });
    const from = (ip: string, path = '/promo/apply', body: unknown = PROMO) =>
      h.call('POST', path, { body, headers: { 'X-Forwarded-For': ip } });
    expect((await from('203.0.113.1, 198.51.100.7')).status).toBe(200);
    expect((await from('10.0.0.1, 198.51.100.7', '/stripe/applyPromoCode', { ...PROMO, promoCode: 'NOPE' })).status).toBe(400);
    expect((await from('198.51.100.7', '/promo/apply', '{broken')).status).toBe(400);
    // The left part of X-Forwarded-For is whatever the client sent; only the proxy's right-most entry counts.
    await expectTooMany(await from('192.0.2.99, 198.51.100.7'), WINDOW, /Too many promo code attempts/);
    await expectTooMany(await from('198.51.100.7', '/stripe/applyPromoCode'), WINDOW, /Too many promo code attempts/);
    expect((await from('198.51.100.8')).status).toBe(200);
  });

  it('keys every in-process request without a trusted header to one unknown client', async () => {
    const h = await harness();
    await h.call('POST', '/promo/apply', { body: PROMO, headers: { 'X-Forwarded-For': '198.51.100.9' } });
    expect(await counter(h, 'promo:ip:unknown')).toBe(1);
    expect(await counter(h, 'promo:ip:198.51.100.9')).toBe(0);
  });

  it('holds across API instances, since the counters live in the database', async () => {
    const h = await harness({ limits: { promoTries: { max: 4, windowSeconds: WINDOW } }, clientIpHeader: 'x-nf-client-connection-ip' });
    const twin = createApp({
      db: h.db,
      identity: firebaseIdentity(PROJECT_ID),
      payments: localProvider(),
      siteOrigins: [],
      holdSeconds: 900,
      currency: 'usd',
      cache: publicCache(2000),
      bookingCutoffHours: 12,
      limits: {
        paymentIntents: { max: 10, windowSeconds: 3600 },
        holdsPerAddress: { max: 30, windowSeconds: 3600 },
        promoTries: { max: 4, windowSeconds: WINDOW },
        inviteTries: { max: 10, windowSeconds: 60 },
        giftCodeTries: { max: 10, windowSeconds: 60 },
        waiverSignings: { max: 10, windowSeconds: 3600 },
        waitlistJoins: { max: 10, windowSeconds: 3600 },
      },
      clientIp: { header: 'x-nf-client-connection-ip', trustedProxies: parseCidrList(PROXY_ADDRESS) },
      waiver: currentWaiverEdition,
    });
    const statuses: number[] = [];
    for (const app of [h.app, twin, h.app, twin, h.app, twin]) {
      const response = await app.request(
        '/promo/apply',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Nf-Client-Connection-Ip': '2001:db8::5' },
          body: JSON.stringify(PROMO),
        },
        fromAddress(PROXY_ADDRESS),
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});

describe('invite code tries', () => {
  it('are limited per client IP and per account', async () => {
    const h = await harness({ limits: { inviteTries: { max: 2, windowSeconds: WINDOW } }, clientIpHeader: 'x-nf-client-connection-ip' });
    const [guesser, friend] = await Promise.all([newUser(), newUser()]);
    const guess = (token: string, ip: string) =>
      h.call('POST', '/calendar/invite', {
        token,
        body: { inviteCode: `inv_guess_${Math.random().toString(36).slice(2)}` },
        headers: { 'X-Nf-Client-Connection-Ip': ip },
      });
    expect((await guess(guesser.token, '198.51.100.20')).status).toBe(404);
    expect((await guess(guesser.token, '198.51.100.20')).status).toBe(404);
    await expectTooMany(await guess(guesser.token, '198.51.100.20'), WINDOW, /Too many invite code attempts/);
    // A new address does not help the same account...
    await expectTooMany(await guess(guesser.token, '198.51.100.21'), WINDOW, /Too many invite code attempts/);
    // ...nor a new account on the same address.
    await expectTooMany(await guess(friend.token, '198.51.100.20'), WINDOW, /Too many invite code attempts/);
    expect((await guess(friend.token, '198.51.100.22')).status).toBe(404);
  });

  it('count reading what a code is for as trying it, per client IP, so codes cannot be guessed by reading them either', async () => {
    const h = await harness({ limits: { inviteTries: { max: 2, windowSeconds: WINDOW } }, clientIpHeader: 'x-nf-client-connection-ip' });
    const read = (ip: string) =>
      h.call('GET', `/calendar/invite/inv_guess_${Math.random().toString(36).slice(2)}`, { headers: { 'X-Nf-Client-Connection-Ip': ip } });
    expect((await read('198.51.100.30')).status).toBe(404);
    expect((await read('198.51.100.30')).status).toBe(404);
    await expectTooMany(await read('198.51.100.30'), WINDOW, /Too many invite code attempts/);
    // A join from the same address counts against the same limit.
    const someone = await newUser();
    const join = await h.call('POST', '/calendar/invite', {
      token: someone.token,
      body: { inviteCode: 'inv_guess_after_reads' },
      headers: { 'X-Nf-Client-Connection-Ip': '198.51.100.30' },
    });
    await expectTooMany(join, WINDOW, /Too many invite code attempts/);
    expect((await read('198.51.100.31')).status).toBe(404);
  });
});

describe('rate-limit counters', () => {
  it('start again at one in the next window, which drops the key\u2019s earlier ones', async () => {
    const h = await harness();
    const second = { max: 5, windowSeconds: 1 };
    const first = await hit(h.db, 'test:window', second);
    const again = await hit(h.db, 'test:window', second);
    // Unless the window turned between the two hits.
    if (again.count === 2) expect(again.retryAfterSeconds).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(first.count).toBe(1);
    expect(await hit(h.db, 'test:window', second)).toEqual({ count: 1, retryAfterSeconds: 1 });
    expect(await h.db.query(`select count from rate_limits where key = 'test:window'`)).toEqual([{ count: 1 }]);
  });

  it('keep the count of a window that began just before the earlier ones are dropped, however slow the database', async () => {
    const h = await harness();
    // Each statement acts at its own instant, as on a loaded database: the hit just before a second ends, the drop after it.
    const instants = ['2027-01-09T15:00:00.999Z', '2027-01-09T15:00:01.500Z'];
    let next = 0;
    const slow: Queryable = {
      query: (sql, params) =>
        h.db.transaction(async (tx) => {
          await tx.query(`select set_config('kamas.now', $1, true)`, [instants[Math.min(next++, instants.length - 1)]]);
          return tx.query(sql, params);
        }),
    };
    expect(await hit(slow, 'test:slow', { max: 5, windowSeconds: 1 })).toEqual({ count: 1, retryAfterSeconds: 1 });
    expect(next).toBe(2);
    expect(await h.db.query(`select count from rate_limits where key = 'test:slow'`)).toEqual([{ count: 1 }]);
  });

  it('are swept once their window is long over', async () => {
    const h = await harness();
    await h.call('POST', '/promo/apply', { body: PROMO });
    await h.db.query(`insert into rate_limits (key, window_start, count) values ('promo:ip:old', now() - interval '3 days', 7)`);
    expect(await sweepRateLimits(h.db)).toBe(1);
    expect(await counter(h, 'promo:ip:old')).toBe(0);
    expect(await counter(h, 'promo:ip:unknown')).toBe(1);
  });
});

describe('promo codes tried through the payment call', () => {
  it('count against the same per-client and per-customer limit as /promo/apply', async () => {
    const h = await harness({ limits: { promoTries: { max: 3, windowSeconds: WINDOW } }, remoteAddress: '198.51.100.40' });
    const rider = await readyUser(h);
    const date = await freeDate(h, 'winter-day-tours');
    const guess = (code: string) =>
      h.call('POST', '/stripe/create-payment-intent', {
        token: rider.token,
        body: intentBody(rider, date, 'winter-day-tours', 'price_tour_ski', 1, { promoCode: code }),
      });
    expect((await guess('GUESS1')).status).toBe(400);
    expect((await h.call('POST', '/promo/apply', { token: rider.token, body: { ...PROMO, promoCode: 'GUESS2' } })).status).toBe(400);
    expect((await guess('GUESS3')).status).toBe(400);
    await expectTooMany(await guess('GUESS4'), WINDOW, /Too many promo code attempts/);
    // Refused before the code is looked at: a right code is refused too, and no hold is made.
    await expectTooMany(await guess('WELCOME10'), WINDOW, /Too many promo code attempts/);
    expect(await h.db.query('select id from bookings where user_id = $1', [rider.uid])).toEqual([]);
    // The customer is held back from another address too, and the address for another customer.
    const elsewhere = await h.call('POST', '/promo/apply', { token: rider.token, body: PROMO, from: '198.51.100.41' });
    await expectTooMany(elsewhere, WINDOW, /Too many promo code attempts/);
    const neighbour = await readyUser(h);
    await expectTooMany(
      await h.call('POST', '/promo/apply', { token: neighbour.token, body: PROMO }),
      WINDOW,
      /Too many promo code attempts/,
    );
    // An order without a code is not a guess.
    const plain = await h.call('POST', '/stripe/create-payment-intent', {
      token: rider.token,
      body: intentBody(rider, date, 'winter-day-tours', 'price_tour_ski', 1),
    });
    expect(plain.status).toBe(200);
  });

  it('counts IPv6 clients by their /64 network', async () => {
    const h = await harness({ limits: { promoTries: { max: 2, windowSeconds: WINDOW } } });
    const from = (address: string) => h.call('POST', '/promo/apply', { body: PROMO, from: address });
    expect((await from('2001:db8:aa:1::1')).status).toBe(200);
    expect((await from('2001:db8:aa:1:ffff:ffff:ffff:fffe')).status).toBe(200);
    await expectTooMany(await from('2001:db8:aa:1:1234::9'), WINDOW, /Too many promo code attempts/);
    expect((await from('2001:db8:aa:2::1')).status).toBe(200);
    expect(await counter(h, 'promo:ip:2001:db8:aa:1::/64')).toBe(3);
  });
});

describe('the client address behind a proxy', () => {
  const viaProxy = (h: Harness, socket: string, claimed: string) =>
    h.call('POST', '/promo/apply', { body: PROMO, from: socket, headers: { 'X-Nf-Client-Connection-Ip': claimed } });

  it('is read from the proxy header only when the request comes from a trusted proxy', async () => {
    const h = await harness({ clientIpHeader: 'x-nf-client-connection-ip' });
    await viaProxy(h, PROXY_ADDRESS, '203.0.113.50');
    expect(await counter(h, 'promo:ip:203.0.113.50')).toBe(1);
    // From anywhere else the header is whatever the client wrote: the socket's address counts.
    await viaProxy(h, '198.51.100.60', '203.0.113.51');
    expect(await counter(h, 'promo:ip:203.0.113.51')).toBe(0);
    expect(await counter(h, 'promo:ip:198.51.100.60')).toBe(1);
  });

  it('cannot be rotated by a client writing the header itself', async () => {
    const h = await harness({ limits: { promoTries: { max: 2, windowSeconds: WINDOW } }, clientIpHeader: 'x-nf-client-connection-ip' });
    const statuses: number[] = [];
    for (let n = 1; n <= 4; n += 1) statuses.push((await viaProxy(h, '198.51.100.61', `203.0.113.${n}`)).status);
    expect(statuses).toEqual([200, 200, 429, 429]);
  });
});
