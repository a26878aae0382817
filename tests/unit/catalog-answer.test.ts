/**
 * The catalog's own check (src/lib/api/catalog.ts), which the navigation runs on every page: it reads
 * what the pages read, fills what an older API leaves out, lets other fields through, and refuses an
 * answer of another shape saying where, as the client's checks of every other answer do.
 */
import { describe, expect, it } from 'vitest';
import { productsAnswer, readAnswer, UnreadableAnswer } from '../../src/lib/api/answers.ts';
import { checkCatalog, readCatalog } from '../../src/lib/api/catalog.ts';

const tourPrice = {
  id: 'price_tour_ski',
  nickname: 'Ski & Splitboard Touring Day',
  unit_amount: 25000,
  currency: 'usd',
  metadata: { short: 'Ski' },
};
const tours = {
  id: 'prod_backcountry_tours',
  name: 'Backcountry Tours',
  description: 'A private day of touring',
  images: ['/images/tours.svg'],
  prices: [tourPrice],
};

describe("the catalog's own check", () => {
  it('reads the catalog, keeping the fields the pages do not read', () => {
    const answer = [{ ...tours, active: true, prices: [{ ...tourPrice, recurring: null }] }];
    expect(readCatalog(answer)).toEqual(answer);
  });

  it('gives a product without a description an empty one, and a price without metadata empty metadata', () => {
    const { description: _, ...withoutDescription } = tours;
    const { metadata: __, ...withoutMetadata } = tourPrice;
    expect(readCatalog([{ ...withoutDescription, prices: [withoutMetadata] }])).toEqual([
      { ...tours, description: '', prices: [{ ...tourPrice, metadata: {} }] },
    ]);
  });

  it('refuses an answer of another shape, naming the first field that is wrong', () => {
    const refused = (answer: unknown) => {
      const checked = checkCatalog(answer);
      return 'wrongAt' in checked ? checked.wrongAt.join('.') : 'read';
    };
    expect(refused({ products: [tours] })).toBe('');
    expect(refused([tours, null])).toBe('1');
    expect(refused([{ ...tours, name: 7 }])).toBe('0.name');
    expect(refused([{ ...tours, description: null }])).toBe('0.description');
    expect(refused([{ ...tours, images: ['/a.svg', 3] }])).toBe('0.images.1');
    expect(refused([{ ...tours, prices: [tourPrice, { ...tourPrice, unit_amount: 12.5 }] }])).toBe('0.prices.1.unit_amount');
    expect(refused([{ ...tours, prices: [{ ...tourPrice, unit_amount: -100 }] }])).toBe('0.prices.0.unit_amount');
    expect(refused([{ ...tours, prices: [{ ...tourPrice, unit_amount: '25000' }] }])).toBe('0.prices.0.unit_amount');
    expect(refused([{ ...tours, prices: [{ ...tourPrice, metadata: 'ski' }] }])).toBe('0.prices.0.metadata');
    expect(refused([{ ...tours, prices: { 0: tourPrice } }])).toBe('0.prices');
    expect(() => readCatalog([{ ...tours, prices: [{ ...tourPrice, currency: undefined }] }])).toThrow(
      new UnreadableAnswer('products', '0.prices.0.currency'),
    );
  });

  it("is the check the client's reading of the catalog makes, saying where in the same words", () => {
    expect(readAnswer('products', productsAnswer, [tours])).toEqual(readCatalog([tours]));
    expect(() => readAnswer('products', productsAnswer, [{ ...tours, images: 'none' }])).toThrow(
      "The booking service's answer (products) could not be read at 0.images",
    );
    expect(() => readAnswer('products', productsAnswer, 'not a catalog')).toThrow(new UnreadableAnswer('products', ''));
  });
});
