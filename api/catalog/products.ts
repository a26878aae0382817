/** The product catalog as GET /stripe/products answers it: products with their prices. */
import type { Queryable } from '../db/client.ts';
import type { Product } from '../../shared/contract/answers.ts';

export async function listProducts(db: Queryable): Promise<Product[]> {
  return db.query<Product & Record<string, unknown>>(
    `select p.id, p.name, p.description, p.images,
            coalesce((select json_agg(json_build_object('id', pr.id, 'nickname', pr.nickname, 'unit_amount', pr.unit_amount,
                                                        'currency', pr.currency, 'metadata', pr.metadata) order by pr.sort, pr.unit_amount)
                        from prices pr where pr.product_id = p.id and pr.active), '[]'::json) as prices
       from products p where p.active order by p.sort, p.name`,
  );
}
