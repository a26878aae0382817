/**
 * The catalog as the API answers it (GET /stripe/products), checked where it arrives by a few lines
 * of its own: the navigation loads it on every page, which so never carries the rest of the
 * client's answer checks (./answers.ts). As there, an answer of another shape is refused, saying
 * where; fields the pages do not read are let through unchecked, and those an older API may leave
 * out (a product's description, a price's metadata) get their empty value.
 */
import { UnreadableAnswer } from './api-error.ts';
import type { Price, Product } from '../../../shared/contract/answers.ts';

type Path = readonly (string | number)[];
/** A field's check: the value as the pages read it, or `WrongField`. */
type Check<T> = (value: unknown, path: Path) => T;

/** The first field that is not what the pages read, by its path. */
class WrongField {
  readonly path: Path;
  constructor(path: Path) {
    this.path = path;
  }
}

const wrong = (path: Path): never => {
  throw new WrongField(path);
};

const fieldsOf: Check<Record<string, unknown>> = (value, path) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : wrong(path);
const text: Check<string> = (value, path) => (typeof value === 'string' ? value : wrong(path));
const count: Check<number> = (value, path) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : wrong(path));
const listOf =
  <T>(item: Check<T>): Check<T[]> =>
  (value, path) =>
    Array.isArray(value) ? value.map((entry, index) => item(entry, [...path, index])) : wrong(path);

/** An object whose named fields pass their checks, a missing one taking its default where it has one; its other fields are let through. */
const objectOf =
  <T>(checks: Record<keyof T & string, Check<unknown>>, defaults: Partial<Record<keyof T & string, unknown>> = {}): Check<T> =>
  (value, path) => {
    const fields = fieldsOf(value, path);
    const read: Record<string, unknown> = { ...fields };
    for (const [key, check] of Object.entries<Check<unknown>>(checks)) {
      read[key] = fields[key] === undefined && key in defaults ? defaults[key as keyof T & string] : check(fields[key], [...path, key]);
    }
    return read as T;
  };

const price = objectOf<Price>({ id: text, nickname: text, unit_amount: count, currency: text, metadata: fieldsOf }, { metadata: {} });
const product = objectOf<Product>(
  { id: text, name: text, description: text, images: listOf(text), prices: listOf(price) },
  { description: '' },
);
const catalog = listOf(product);

/** The catalog in `answer`, or the path of its first field that is not what the pages read. */
export function checkCatalog(answer: unknown): { products: Product[] } | { wrongAt: Path } {
  try {
    return { products: catalog(answer, []) };
  } catch (error) {
    if (error instanceof WrongField) return { wrongAt: error.path };
    throw error;
  }
}

/** The catalog in `answer`, or `UnreadableAnswer` naming its first wrong field. */
export function readCatalog(answer: unknown): Product[] {
  const checked = checkCatalog(answer);
  if ('wrongAt' in checked) throw new UnreadableAnswer('products', checked.wrongAt.join('.'));
  return checked.products;
}
