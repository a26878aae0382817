/**
 * The product catalog, loaded once per page when the navigation bar appears. Its answer is checked
 * by the catalog's own small check, so every page's navigation loads none of the rest of the API client.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { readCatalog } from '../lib/api/catalog.ts';
import { apiFetch } from '../lib/api/http.ts';
import type { Product } from '../../shared/contract/answers.ts';

const catalog = atom<Product[] | null>(null);
/** null until the catalog has arrived. */
export const $products: ReadableAtom<Product[] | null> = catalog;

/** The catalog has arrived (from the API, or already at hand). */
export function receiveProducts(products: Product[]): void {
  catalog.set(products);
}

const $failed = atom(false);
/** True after a load failed, until the next try: the booking pages say so and offer to try again. */
export const $productsFailed: ReadableAtom<boolean> = $failed;

let loading: Promise<void> | null = null;

export function loadProducts(): Promise<void> {
  if (loading) return loading;
  $failed.set(false);
  loading = apiFetch<unknown>('/stripe/products')
    .then(readCatalog)
    .then(receiveProducts)
    .catch((error: unknown) => {
      // Prices have no error state: a failed load is logged and the loading indicator stays.
      console.warn('Could not load the product list', error);
      $failed.set(true);
      loading = null;
    });
  return loading;
}

export function productByTitle(products: readonly Product[], title: string): Product | undefined {
  return products.find((product) => product.name === title);
}
