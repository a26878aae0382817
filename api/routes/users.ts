/**
 * The database user: POST/GET/PUT /users/user/{uid}, GET /users/user/{uid}/waivers[/{id}] and
 * GET /users/user/{uid}/passes, each for the customer's own uid only.
 */
import { Hono } from 'hono';
import { myWaits } from '../waitlist/entries.ts';
import { SIGNATURE_MAX_CHARS, userUpdateSchemaFor } from '../../shared/contract/requests.ts';
import { WAIVER_TEXT_HEADER } from '../../shared/rules/waiver-record.ts';
import { safeParam } from '../auth.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { HttpError } from '../http.ts';
import { clientAddress } from '../limits/client-ip.ts';
import { accountOf, registerAccount, updateAccount } from '../users/account.ts';
import { listSignatures, signedCopy } from '../users/waivers.ts';
import { passesOf } from '../trailhead/my-passes.ts';
import { DEFAULT_BODY_LIMIT, limitBody } from './body-limit.ts';
import { ownAccount, signedInCustomer } from './guards.ts';
import { CUSTOMER_ROUTES } from '../../shared/contract/routes/customer.ts';
import { declarer } from './declare.ts';

/** A survey, or a signature image with room for the rest of the body. */
const UPDATE_BODY_LIMIT = SIGNATURE_MAX_CHARS + 4096;

export function userRoutes({ db, identity, waiver, limits, clientIp: ipSettings }: AppDeps) {
  const group = new Hono<AppEnv>();
  const declare = declarer(group, '/users');
  // Per route, so that a path no route knows answers 404 rather than asking for a token.
  const signedIn = signedInCustomer(db, identity);
  // Changing what the customer signed also refuses a token revoked by signing out everywhere.
  const signedInNotRevoked = signedInCustomer(db, identity, { checkRevoked: true });

  // Declared before the group's default limit, which therefore never reaches it: a route's answer ends the chain.
  // Its own, larger limit applies once the caller is known.
  // The survey or the signature, each told what is wrong with it as its kind.
  declare(
    CUSTOMER_ROUTES.saveSurveyOrSignWaiver,
    { bodyBy: userUpdateSchemaFor },
    signedInNotRevoked,
    limitBody(UPDATE_BODY_LIMIT),
    ownAccount,
    async (c, body) => {
      const signing = {
        waiver,
        shownText: c.req.header(WAIVER_TEXT_HEADER),
        limit: limits.waiverSignings,
        request: { ipAddress: clientAddress(c, ipSettings), userAgent: c.req.header('user-agent') ?? '' },
      };
      return c.json(await updateAccount(db, safeParam(c, 'uid'), body, signing));
    },
  );

  group.use('*', limitBody(DEFAULT_BODY_LIMIT));

  declare(CUSTOMER_ROUTES.registerAccount, signedIn, ownAccount, async (c, body) =>
    c.json(await registerAccount(db, c.get('caller'), body, waiver.version)),
  );

  declare(CUSTOMER_ROUTES.account, signedIn, ownAccount, async (c) => c.json(await accountOf(db, safeParam(c, 'uid'), waiver.version)));

  // The customer's own signatures, newest first, and a signed copy of one (someone else's id is not found).
  declare(CUSTOMER_ROUTES.waivers, signedIn, ownAccount, async (c) =>
    c.json(await listSignatures(db, safeParam(c, 'uid'), waiver.version)),
  );

  declare(CUSTOMER_ROUTES.signedCopy, signedIn, ownAccount, async (c) => {
    const copy = await signedCopy(db, safeParam(c, 'uid'), safeParam(c, 'id'), waiver.version);
    if (!copy) throw new HttpError(404, 'Signed waiver not found');
    return c.json(copy);
  });

  // The customer's trailhead passes, each with the code its QR code shows: theirs alone, never kept by a cache.
  declare(CUSTOMER_ROUTES.passes, signedIn, ownAccount, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json({ passes: await passesOf(db, safeParam(c, 'uid')) });
  });

  // The customer's waits, each with its place in line and any offer standing.
  declare(CUSTOMER_ROUTES.waits, signedIn, ownAccount, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json({ waits: await myWaits(db, safeParam(c, 'uid')) });
  });

  return group;
}
