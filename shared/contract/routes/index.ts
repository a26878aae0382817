/**
 * Every route of the booking API, in one table: the public ones, a customer's, the guides' and the
 * console's (each in its own file, so that a page loads only the part its client calls).
 */
import { CONSOLE_ROUTES } from './console.ts';
import { CUSTOMER_ROUTES } from './customer.ts';
import { GUIDE_ROUTES } from './guide.ts';
import { PUBLIC_ROUTES } from './public.ts';
import type { Route } from './route.ts';

/** The tables by whom they serve, as the reference groups them. */
export const ROUTE_TABLES = {
  Public: PUBLIC_ROUTES,
  Customers: CUSTOMER_ROUTES,
  Guides: GUIDE_ROUTES,
  Console: CONSOLE_ROUTES,
} satisfies Record<string, Record<string, Route>>;

export const ROUTES = { ...PUBLIC_ROUTES, ...CUSTOMER_ROUTES, ...GUIDE_ROUTES, ...CONSOLE_ROUTES } satisfies Record<string, Route>;

export type RouteName = keyof typeof ROUTES;
