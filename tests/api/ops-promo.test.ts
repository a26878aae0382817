/**
 * Promo codes from the console: created, changed and paused for a reason, each recorded once; a
 * paused or expired code no longer applies; a limit of uses never goes below those taken; the
 * catalog import follows the same rule.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpsPromoCode } from '../../shared/contract/ops-answers.ts';
import { denverDayPlus, denverDay, denverInstant } from '../../shared/rules/dates.ts';
import { importCatalog, parseCatalogFile } from '../../api/seed/import.ts';
import { freeDate, harness, intentBody, readyUser, type Harness, type TestUser } from './harness.ts';
import { staffMember } from './staff.ts';

const CLASSES = 'winter-classes';
let h: Harness;
let operator: TestUser;
let count = 0;

beforeAll(async () => {
  h = await harness({ bookingCutoffHours: 0 });
  operator = await staffMember('operator');
});

const newCode = () => `OPS${Date.now().toString(36).toUpperCase()}${(count += 1)}`;
const save = (code: string, body: Record<string, unknown>, token = operator.token) =>
  h.json<OpsPromoCode[] & { error?: string }>('PUT', `/ops/promo-codes/${code}`, { token, body });
const apply = (code: string) =>
  h.json<{ finalTotal?: number; error?: string }>('POST', '/promo/apply', {
    body: { promoCode: code, selectedPriceId: 'price_tour_ski', quantity: 1 },
  });
const recordsOf = (code: string) =>
  h.db.query<{ action: string; reason: string; before: unknown; after: unknown }>(
    `select action, reason, before, after from operator_actions where subject = $1 order by id`,
    [`promo code ${code}`],
  );

describe('promo codes from the console', () => {
  it('creates a code that applies at once, pauses it so it no longer does, and records each change once', async () => {
    const code = newCode();
    const created = await save(code, { percentOff: 20, active: true, reason: 'Ski club night' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.find((promo) => promo.code === code)).toEqual({
      code,
      percentOff: 20,
      amountOff: null,
      lastDay: null,
      maxRedemptions: null,
      uses: 0,
      active: true,
      onlyForSomeActivities: false,
    });
    expect((await apply(code)).body.finalTotal).toBe(20000);

    const pause = { percentOff: 20, active: false, reason: 'The club night is over' };
    expect((await save(code, pause)).status).toBe(200);
    expect(await save(code, pause)).toMatchObject({ status: 200 });
    const refused = await apply(code);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Invalid promo code');
    expect(await recordsOf(code)).toEqual([
      {
        action: 'create promo code',
        reason: 'Ski club night',
        before: null,
        after: expect.objectContaining({ percentOff: 20, active: true }),
      },
      {
        action: 'pause promo code',
        reason: 'The club night is over',
        before: expect.objectContaining({ active: true }),
        after: expect.objectContaining({ active: false }),
      },
    ]);
  });

  it('gives an amount off through the last Kamas day it names', async () => {
    const code = newCode();
    const today = denverDay(new Date());
    const saved = await save(code, { amountOff: 2500, lastDay: today, maxRedemptions: 10, active: true, reason: 'Radio giveaway' });
    expect(saved.body.find((promo) => promo.code === code)).toMatchObject({ amountOff: 2500, lastDay: today, maxRedemptions: 10 });
    const [row] = await h.db.query<{ expires_at: Date }>(`select expires_at from promo_codes where code = $1`, [code]);
    expect(new Date(row?.expires_at ?? 0).toISOString()).toBe(denverInstant(denverDayPlus(today, 1)).toISOString());
    expect((await apply(code)).body.finalTotal).toBe(22500);

    await save(code, { amountOff: 2500, lastDay: denverDayPlus(today, -1), maxRedemptions: 10, active: true, reason: 'Ended yesterday' });
    expect((await apply(code)).status).toBe(400);
  });

  it('never limits uses below those taken, from the console or the catalog import', async () => {
    const code = newCode();
    await save(code, { percentOff: 10, maxRedemptions: 5, active: true, reason: 'Locals week' });
    const date = await freeDate(h, CLASSES);
    for (const rider of [await readyUser(h), await readyUser(h)]) {
      const held = await h.json('POST', '/stripe/create-payment-intent', {
        token: rider.token,
        body: intentBody(rider, date, CLASSES, date.stripeId ?? '', 1, { promoCode: code }),
      });
      expect(held.status, JSON.stringify(held.body)).toBe(200);
    }
    const below = await save(code, { percentOff: 10, maxRedemptions: 1, active: true, reason: 'Fewer' });
    expect(below.status).toBe(409);
    expect(below.body.error).toBe('Uses cannot be limited below the 2 already taken.');
    expect((await save(code, { percentOff: 10, maxRedemptions: 2, active: true, reason: 'No more' })).status).toBe(200);
    await expect(importCatalog(h.db, parseCatalogFile({ promoCodes: [{ code, percentOff: 10, maxRedemptions: 1 }] }))).rejects.toThrow(
      'Uses cannot be limited below the 2 already taken.',
    );
    expect(
      (await h.json<OpsPromoCode[]>('GET', '/ops/promo-codes', { token: operator.token })).body.find((p) => p.code === code),
    ).toMatchObject({
      uses: 2,
      maxRedemptions: 2,
    });
  });

  it('refuses a request it cannot read, with what is wrong, and changes nothing', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['lowercase', { percentOff: 10, active: true, reason: 'x' }, 'A promo code is 2 to 40 capital letters, digits, - or _.'],
      [newCode(), { percentOff: 10, amountOff: 500, active: true, reason: 'x' }, 'Give either a percentage or an amount off.'],
      [newCode(), { active: true, reason: 'x' }, 'Give either a percentage or an amount off.'],
      [newCode(), { percentOff: 101, active: true, reason: 'x' }, 'A percentage off is a whole number from 1 to 100.'],
      [newCode(), { amountOff: 0, active: true, reason: 'x' }, 'An amount off is in dollars and cents, more than $0.'],
      [
        newCode(),
        { percentOff: 10, maxRedemptions: 0, active: true, reason: 'x' },
        'Uses must be a whole number from 1 to 100000, or empty for no limit.',
      ],
      [newCode(), { percentOff: 10, active: true, reason: '' }, 'Give a reason (up to 500 characters).'],
    ];
    for (const [code, body, error] of cases) {
      const refused = await save(code, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error).toBe(error);
      expect(await h.db.query(`select 1 from promo_codes where code = $1`, [code])).toEqual([]);
    }
  });
});
