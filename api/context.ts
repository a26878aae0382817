/** What every route may use, handed to the app when it is built. */
import type { Db } from './db/client.ts';
import type { Caller, Identity } from './identity.ts';
import type { PaymentProvider } from './payments/provider.ts';
import type { PublicCache } from './cache.ts';
import type { ClientIpSettings } from './limits/client-ip.ts';
import type { RateLimits } from './limits/rate-limit.ts';
import type { Mailer } from './mail/worker.ts';
import type { WaiverEdition } from './users/waiver-edition.ts';
import type { CreditTerms } from '../shared/rules/gift-card-credit.ts';

export interface AppDeps {
  db: Db;
  identity: Identity;
  payments: PaymentProvider;
  siteOrigins: readonly string[];
  holdSeconds: number;
  currency: string;
  cache: PublicCache;
  /** Bookings close this many hours before a date starts. */
  bookingCutoffHours: number;
  limits: RateLimits;
  /** Where a client's IP address is read from: a trusted proxy's header, or the socket. */
  clientIp: ClientIpSettings;
  /** The waiver text signatures are recorded against; older versions no longer count. */
  waiver: WaiverEdition;
  /** What a credit instead of a refund earns: its bonus percentage and how long the bonus lasts (10%, for ever, unless told). */
  creditTerms?: CreditTerms;
  /** Sends the messages a request has just written; without one they wait for the next round of the mail worker. */
  mailer?: Mailer;
}

/**
 * `caller`: the signed-in caller, set by requireCaller. `signedIn`: on a route anyone may call that
 * answers a signed-in caller a little more, the caller if signed in, else null.
 */
export type AppEnv = { Variables: { caller: Caller; signedIn: Caller | null } };
