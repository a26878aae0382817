/** PUT /authUsers/authUser/{uid}: the profile form, saved at the identity service and in the database user. */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../context.ts';
import { updateProfile } from '../users/account.ts';
import { DEFAULT_BODY_LIMIT, limitBody } from './body-limit.ts';
import { ownAccount, signedInCustomer } from './guards.ts';
import { CUSTOMER_ROUTES } from '../../shared/contract/routes/customer.ts';
import { declarer } from './declare.ts';

export function authUserRoutes({ db, identity, waiver }: AppDeps) {
  const group = new Hono<AppEnv>();
  const declare = declarer(group, '/authUsers');
  group.use('*', limitBody(DEFAULT_BODY_LIMIT));

  // Changing who the customer is also refuses a token revoked by signing out everywhere.
  const signedIn = signedInCustomer(db, identity, { checkRevoked: true });
  declare(CUSTOMER_ROUTES.saveProfile, signedIn, ownAccount, async (c, body) =>
    c.json(await updateProfile(db, identity, c.get('caller'), body.userData, waiver.version)),
  );

  return group;
}
