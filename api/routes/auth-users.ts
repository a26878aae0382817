/** PUT /authUsers/authUser/{uid}: the profile form, saved at the identity service and in the database user. */
import { Hono } from 'hono';
import { updateAuthUserSchema } from '../../shared/contract/requests.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { updateProfile } from '../users/account.ts';
import { jsonBody } from '../validation.ts';
import { DEFAULT_BODY_LIMIT, limitBody } from './body-limit.ts';
import { ownAccount, signedInCustomer } from './guards.ts';

export function authUserRoutes({ db, identity, waiver }: AppDeps) {
  const group = new Hono<AppEnv>();
  group.use('*', limitBody(DEFAULT_BODY_LIMIT));

  // Changing who the customer is also refuses a token revoked by signing out everywhere.
  const signedIn = signedInCustomer(db, identity, { checkRevoked: true });
  group.put('/authUser/:uid', signedIn, ownAccount, jsonBody(updateAuthUserSchema), async (c) =>
    c.json(await updateProfile(db, identity, c.get('caller'), c.req.valid('json').userData, waiver.version)),
  );

  return group;
}
