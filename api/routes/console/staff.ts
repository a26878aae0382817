/**
 * The console's staff, under /ops/staff: GET (who holds a role, and the open invitations), POST
 * /invitations (invite someone as a guide or an operator), DELETE /invitations/{id} (withdraw one) and
 * POST /{uid}/revoke (take a role away, for a reason).
 */
import { Hono } from 'hono';
import { opsInviteSchema, opsRevokeSchema } from '../../../shared/contract/ops-requests.ts';
import { committed } from '../../after-commit.ts';
import { safeParam } from '../../auth.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { inviteStaff, revokeStaffRole, staffPage, withdrawInvitation } from '../../staff/invitations.ts';
import { jsonBody } from '../../validation.ts';

export function consoleStaffRoutes(deps: AppDeps) {
  const { db, identity } = deps;
  const group = new Hono<AppEnv>();

  group.get('/', async (c) => c.json(await staffPage(db, identity)));

  group.post('/invitations', jsonBody(opsInviteSchema), async (c) => {
    const { invited } = await committed(deps, inviteStaff(db, identity, c.get('caller'), c.req.valid('json')));
    return c.json({ ...(await staffPage(db, identity)), invited });
  });

  group.delete('/invitations/:id', async (c) => {
    await withdrawInvitation(db, c.get('caller'), safeParam(c, 'id'));
    return c.json(await staffPage(db, identity));
  });

  group.post('/:uid/revoke', jsonBody(opsRevokeSchema), async (c) => {
    await revokeStaffRole(db, identity, c.get('caller'), safeParam(c, 'uid'), c.req.valid('json'));
    return c.json(await staffPage(db, identity));
  });

  return group;
}
