import { beforeAll, describe, expect, it } from 'vitest';
import { denverDay, formatDenverDateTime } from '../../shared/rules/dates.ts';
import { harness, type Harness } from './harness.ts';
import type { CalendarEntry, Product } from '../../shared/contract/answers.ts';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});

describe('GET /stripe/products', () => {
  it('lists products with their prices, cacheable by a CDN', async () => {
    const response = await h.call('GET', '/stripe/products');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/public.*s-maxage=\d+/);
    const products = (await response.json()) as Product[];
    const tours = products.find((product) => product.name === 'Backcountry Tours');
    const classes = products.find((product) => product.name === 'Avalanche Courses');
    expect(tours?.prices.length).toBeGreaterThanOrEqual(3);
    expect(classes?.prices.map((price) => price.nickname)).toEqual(['Motorized Backcountry Essentials', 'Sled-Skiing Intro']);
    for (const price of [...(tours?.prices ?? []), ...(classes?.prices ?? [])]) {
      expect(price).toMatchObject({ id: expect.any(String), nickname: expect.any(String), unit_amount: expect.any(Number) });
      expect(price.metadata).toMatchObject({ image: expect.any(String), description: expect.any(String), short: expect.any(String) });
    }
  });
});

describe('GET /calendar/*', () => {
  it('gives class dates with their price, type and capacity of 10', async () => {
    const { status, body } = await h.json<CalendarEntry[]>('GET', '/calendar/winter-classes');
    expect(status).toBe(200);
    expect(new Set(body.map((entry) => entry.type))).toEqual(new Set(['moto', 'sledski']));
    for (const entry of body) {
      expect(Object.keys(entry).sort()).toEqual(['closesAt', 'date', 'id', 'partySize', 'stripeId', 'type', 'users']);
      expect(entry.partySize).toBe(10);
      expect(entry.date).toEqual({ _seconds: expect.any(Number), _nanoseconds: 0 });
    }
  });

  it('gives a whole season of day tours from December 1 to March 31', async () => {
    const { body } = await h.json<CalendarEntry[]>('GET', '/calendar/winter-day-tours');
    const days = body.map((entry) => denverDay(entry.date._seconds * 1000));
    expect(days[0]).toMatch(/-12-0[12]$/);
    expect(days.at(-1)).toMatch(/-03-3[01]$/);
    expect(body.length).toBeGreaterThan(90);
    expect(Object.keys(body[0] as object).sort()).toEqual(['closesAt', 'date', 'id', 'partySize', 'users']);
  });

  it('says when bookings for each date close: the cut-off before its start', async () => {
    const { body } = await h.json<CalendarEntry[]>('GET', '/calendar/winter-day-tours');
    for (const entry of body) expect(entry.closesAt).toEqual({ _seconds: entry.date._seconds - 12 * 3600, _nanoseconds: 0 });
  });

  it('starts day tours at 8:00 AM and classes at 7:00 AM Kamas time, on the day each id names', async () => {
    for (const [calendar, time] of [
      ['winter-day-tours', '8:00 AM'],
      ['winter-classes', '7:00 AM'],
    ] as const) {
      const { body } = await h.json<CalendarEntry[]>('GET', `/calendar/${calendar}`);
      for (const entry of body) {
        const start = entry.date._seconds * 1000;
        expect(formatDenverDateTime(start), entry.id).toMatch(new RegExp(`, ${time}$`));
        expect(entry.id.endsWith(denverDay(start)), entry.id).toBe(true);
      }
    }
  });

  it('gives the mentorship events', async () => {
    const { body } = await h.json<CalendarEntry[]>('GET', '/calendar/winter-mentorship');
    expect(body.length).toBeGreaterThanOrEqual(3);
    expect(body[0]).toMatchObject({ title: 'Mentorship Field Day', partySize: 6 });
  });

  it('answers 404 for an unknown calendar', async () => {
    expect((await h.call('GET', '/calendar/summer-hikes')).status).toBe(404);
  });
});

describe('GET /calendar/* with a longer booking cut-off', () => {
  let early: Harness;
  beforeAll(async () => {
    early = await harness({ bookingCutoffHours: 48 });
  });

  it('closes each date that much earlier', async () => {
    const { body } = await early.json<CalendarEntry[]>('GET', '/calendar/winter-classes');
    for (const entry of body) expect(entry.closesAt?._seconds).toBe(entry.date._seconds - 48 * 3600);
  });
});
