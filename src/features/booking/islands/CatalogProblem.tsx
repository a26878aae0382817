/** What a booking page says when its product cannot be shown: the catalog failed to load (with a way to try again), or lacks it. */
import { useStore } from '@nanostores/react';
import type { Product } from '../../../../shared/contract/answers.ts';
import { $productsFailed, loadProducts } from '../../../stores/products.ts';

interface Props {
  catalog: readonly Product[] | null;
  product: Product | undefined;
}

export default function CatalogProblem({ catalog, product }: Props) {
  const failed = useStore($productsFailed);
  if (failed && !catalog) {
    return (
      <div role="alert" className="catalog-problem">
        <p className="form-error">The prices could not be loaded. Please check your connection and try again.</p>
        <button type="button" className="button secondary" onClick={() => void loadProducts()}>
          Try again
        </button>
      </div>
    );
  }
  if (catalog && !product) {
    return (
      <p className="form-error" role="alert">
        Product not found
      </p>
    );
  }
  return null;
}
