/**
 * The console's dates, under /ops: GET /dates/{id} (its seats and who is on it) and POST
 * /dates/{id}/call-off; GET /date-kinds, POST /dates (one date or a weekly pattern), PUT
 * /dates/{id}/capacity, PUT /dates/{id}/meeting-point and POST /dates/{id}/withdraw; GET
 * /dates/{id}/waitlist and POST /dates/{id}/waitlist/{entry}/offer (seats offered out of order); POST
 * /dates/{id}/held-signatures/{event}/accept (a waiver signed at the trailhead for a seat that was
 * gone, made the signer's waiver signature).
 */
import { Hono } from 'hono';
import { committed } from '../../after-commit.ts';
import { offerSettings } from '../../waitlist/freed-seats.ts';
import { safeParam } from '../../auth.ts';
import { callOff } from '../../bookings/call-off.ts';
import { dateOverview } from '../../console/date-overview.ts';
import { addDates, changeCapacity, dateKinds, withdrawDate } from '../../console/dates.ts';
import { setMeetingPoint } from '../../console/meeting-point.ts';
import { acceptHeldSignature } from '../../trailhead/held-signatures.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { offersMadeBetween, waitlistOfDate } from '../../waitlist/entries.ts';
import { offerOutOfOrder } from '../../waitlist/offers.ts';
import { CONSOLE_ROUTES } from '../../../shared/contract/routes/console.ts';
import { declarer } from '../declare.ts';

export function consoleDateRoutes(deps: AppDeps) {
  const { db, waiver } = deps;
  const group = new Hono<AppEnv>();
  const declare = declarer(group, '/ops');

  declare(CONSOLE_ROUTES.date, async (c) => c.json(await dateOverview(db, safeParam(c, 'dateId'), waiver.version)));

  declare(CONSOLE_ROUTES.callOff, async (c, body) => {
    const dateId = safeParam(c, 'dateId');
    const result = await committed(deps, callOff(db, dateId, { operator: c.get('caller'), reason: body.reason }));
    return c.json({ ...(await dateOverview(db, dateId, waiver.version)), asked: result.bookings });
  });

  declare(CONSOLE_ROUTES.dateKinds, async (c) => c.json(await dateKinds(db)));

  declare(CONSOLE_ROUTES.addDates, async (c, body) => {
    const { after: _, ...added } = await committed(deps, addDates(db, c.get('caller'), body));
    return c.json(added);
  });

  declare(CONSOLE_ROUTES.changeCapacity, async (c, body) => {
    const dateId = safeParam(c, 'dateId');
    // Seats it frees go to the waitlist at once (after the change commits): the answer names the offers made.
    const before = await waitlistOfDate(db, dateId);
    const { changed } = await committed(deps, changeCapacity(db, c.get('caller'), dateId, body));
    return c.json({ changed, offers: changed ? offersMadeBetween(before, await waitlistOfDate(db, dateId)) : [] });
  });

  declare(CONSOLE_ROUTES.setMeetingPoint, async (c, body) => {
    const { changed, told } = await committed(deps, setMeetingPoint(db, c.get('caller'), safeParam(c, 'dateId'), body));
    return c.json({ changed, told });
  });

  declare(CONSOLE_ROUTES.dateWaitlist, async (c) => c.json({ waitlist: await waitlistOfDate(db, safeParam(c, 'dateId')) }));

  declare(CONSOLE_ROUTES.offerOutOfOrder, async (c, body) => {
    const settings = offerSettings(deps);
    const request = { dateId: safeParam(c, 'dateId'), entryId: safeParam(c, 'entryId'), reason: body.reason };
    const { offerId, takenBackFrom } = await committed(deps, offerOutOfOrder(db, c.get('caller'), request, settings));
    return c.json({ offerId, takenBackFrom });
  });

  declare(CONSOLE_ROUTES.acceptHeldSignature, async (c, body) => {
    const dateId = safeParam(c, 'dateId');
    const request = { dateId, eventId: safeParam(c, 'eventId'), reason: body.reason };
    await acceptHeldSignature(db, c.get('caller'), request, waiver);
    return c.json(await dateOverview(db, dateId, waiver.version));
  });

  declare(CONSOLE_ROUTES.withdrawDate, async (c, body) => {
    const { changed } = await committed(deps, withdrawDate(db, c.get('caller'), safeParam(c, 'dateId'), body.reason));
    return c.json({ changed });
  });

  return group;
}
