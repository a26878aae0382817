/** What every route may use, handed to the app when it is built. */
import type { Db } from './db/client.ts';
import type { Caller, Identity } from './identity.ts';
import type { PaymentProvider, WebhookProvider } from './payments/provider.ts';
import type { PublicCache } from './cache.ts';

export interface AppDeps {
  db: Db;
  identity: Identity;
  payments: PaymentProvider | WebhookProvider;
  siteOrigins: readonly string[];
  holdSeconds: number;
  currency: string;
  cache: PublicCache;
}

export type AppEnv = { Variables: { caller: Caller } };
