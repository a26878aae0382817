/** GET /parties/{dateId}: a booking's party, for its members (the booker and friends who joined). */
import { Hono } from 'hono';
import { safeParam } from '../auth.ts';
import { partyOf } from '../bookings/party.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { HttpError } from '../http.ts';
import { NOT_A_MEMBER } from '../bookings/cancellation.ts';
import { signedInCustomer } from './guards.ts';
import { CUSTOMER_ROUTES } from '../../shared/contract/routes/customer.ts';
import { declarer } from './declare.ts';

export function partyRoutes({ db, identity, waiver }: AppDeps) {
  const group = new Hono<AppEnv>();
  const declare = declarer(group, '/parties');

  declare(CUSTOMER_ROUTES.party, signedInCustomer(db, identity), async (c) => {
    const party = await partyOf(db, c.get('caller').uid, safeParam(c, 'dateId'), waiver.version);
    if (!party) throw new HttpError(403, NOT_A_MEMBER);
    c.header('Cache-Control', 'private, no-store');
    return c.json(party);
  });

  return group;
}
