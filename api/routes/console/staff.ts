/**
 * The console's staff, under /ops/staff: GET (who holds a role, and the open invitations), POST
 * /invitations (invite someone as a guide or an operator), DELETE /invitations/{id} (withdraw one) and
 * POST /{uid}/revoke (take a role away, for a reason).
 */
import { Hono } from 'hono';
import { committed } from '../../after-commit.ts';
import { safeParam } from '../../auth.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { inviteStaff, revokeStaffRole, staffPage, withdrawInvitation } from '../../staff/invitations.ts';
import { CONSOLE_ROUTES } from '../../../shared/contract/routes/console.ts';
import { declarer } from '../declare.ts';

export function consoleStaffRoutes(deps: AppDeps) {
  const { db, identity } = deps;
  const group = new Hono<AppEnv>();
  const declare = declarer(group, '/ops/staff');

  declare(CONSOLE_ROUTES.staff, async (c) => c.json(await staffPage(db, identity)));

  declare(CONSOLE_ROUTES.inviteStaff, async (c, body) => {
    const { invited } = await committed(deps, inviteStaff(db, identity, c.get('caller'), body));
    return c.json({ ...(await staffPage(db, identity)), invited });
  });

  declare(CONSOLE_ROUTES.withdrawInvitation, async (c) => {
    await withdrawInvitation(db, c.get('caller'), safeParam(c, 'id'));
    return c.json(await staffPage(db, identity));
  });

  declare(CONSOLE_ROUTES.revokeRole, async (c, body) => {
    await revokeStaffRole(db, identity, c.get('caller'), safeParam(c, 'uid'), body);
    return c.json(await staffPage(db, identity));
  });

  return group;
}
