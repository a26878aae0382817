/** The database user and the identity-service profile: POST/GET/PUT /users/user/{uid}, PUT /authUsers/authUser/{uid}. */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { authUserSchema, SIGNATURE_MAX_CHARS, updateAuthUserSchema, userUpdateSchemaFor } from '../../src/lib/schemas.ts';
import { WAIVER_TEXT_CHANGED, WAIVER_TEXT_HEADER } from '../../src/lib/waiver-record.ts';
import { ownUid, requireCaller, safeParam } from '../auth.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { HttpError, parseBody } from '../http.ts';
import { clientAddress } from '../limits/client-ip.ts';
import { enforce } from '../limits/rate-limit.ts';
import { ensureUser, readUser, saveProfile, saveSurvey } from '../users/store.ts';
import { listSignatures, recordSignature, signedCopy } from '../users/waivers.ts';
import { tooLarge } from './limits.ts';

export function userRoutes({ db, identity, waiver, limits, clientIp: ipSettings }: AppDeps) {
  const app = new Hono<AppEnv>();
  // Per route, so that a path no route knows answers 404 rather than asking for a token.
  const signedIn = requireCaller(identity);
  // Changing who the customer is, or what they signed, also refuses a token revoked by signing out everywhere.
  const signedInNotRevoked = requireCaller(identity, { checkRevoked: true });

  const found = async (uid: string) => {
    const user = await readUser(db, uid, waiver.version);
    if (!user) throw new HttpError(404, 'User not found');
    return user;
  };

  app.post('/users/user/:uid', signedIn, async (c) => {
    const uid = ownUid(c);
    const body = await parseBody(c, authUserSchema);
    if (body.uid !== uid) throw new HttpError(400, 'The user in the body does not match the path');
    await ensureUser(db, c.get('caller'), body);
    return c.json(await found(uid));
  });

  app.get('/users/user/:uid', signedIn, async (c) => c.json(await found(ownUid(c))));

  app.put('/users/user/:uid', signedInNotRevoked, bodyLimit({ maxSize: SIGNATURE_MAX_CHARS + 4096, onError: tooLarge }), async (c) => {
    const uid = ownUid(c);
    const body = await parseBody(c, userUpdateSchemaFor);
    // A page that names the text it showed is refused when that is no longer the text in force.
    const shownText = c.req.header(WAIVER_TEXT_HEADER);
    if ('signature' in body && shownText !== undefined && shownText.trim().toLowerCase() !== waiver.sha256) {
      throw new HttpError(409, WAIVER_TEXT_CHANGED);
    }
    // Each signing keeps a record with its image, so a customer may sign only so often.
    if ('signature' in body) await enforce(db, [`waiver:uid:${uid}`], limits.waiverSignings, 'Too many waiver signatures.');
    const saved =
      'survey' in body
        ? await saveSurvey(db, uid, body.survey)
        : await recordSignature(db, uid, body.signature, waiver, {
            ipAddress: clientAddress(c, ipSettings),
            userAgent: c.req.header('user-agent') ?? '',
          });
    if (!saved) throw new HttpError(404, 'User not found');
    return c.json(await found(uid));
  });

  // The customer's own signatures, newest first, and a signed copy of one (someone else's id is not found).
  app.get('/users/user/:uid/waivers', signedIn, async (c) => c.json(await listSignatures(db, ownUid(c), waiver.version)));

  app.get('/users/user/:uid/waivers/:id', signedIn, async (c) => {
    const copy = await signedCopy(db, ownUid(c), safeParam(c, 'id'), waiver.version);
    if (!copy) throw new HttpError(404, 'Signed waiver not found');
    return c.json(copy);
  });

  app.put('/authUsers/authUser/:uid', signedInNotRevoked, async (c) => {
    const uid = ownUid(c);
    const { userData } = await parseBody(c, updateAuthUserSchema);
    await identity.updateDisplayName(uid, userData.displayName);
    await saveProfile(db, c.get('caller'), userData);
    return c.json(await found(uid));
  });

  return app;
}
