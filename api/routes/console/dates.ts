/**
 * The console's dates, under /ops: GET /dates/{id} (its seats and who is on it) and POST
 * /dates/{id}/call-off; GET /date-kinds, POST /dates (one date or a weekly pattern), PUT
 * /dates/{id}/capacity, PUT /dates/{id}/meeting-point and POST /dates/{id}/withdraw; GET
 * /dates/{id}/waitlist and POST /dates/{id}/waitlist/{entry}/offer (seats offered out of order); POST
 * /dates/{id}/held-signatures/{event}/accept (a waiver signed at the trailhead for a seat that was
 * gone, made the signer's waiver signature).
 */
import { Hono } from 'hono';
import { opsAddDatesSchema, opsCapacitySchema, opsMeetingPointSchema, opsReasonSchema } from '../../../shared/contract/ops-requests.ts';
import { committed } from '../../after-commit.ts';
import { offerSettings } from '../../waitlist/freed-seats.ts';
import { safeParam } from '../../auth.ts';
import { callOff } from '../../bookings/call-off.ts';
import { dateOverview } from '../../console/date-overview.ts';
import { addDates, changeCapacity, dateKinds, withdrawDate } from '../../console/dates.ts';
import { setMeetingPoint } from '../../console/meeting-point.ts';
import { acceptHeldSignature } from '../../trailhead/held-signatures.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { jsonBody } from '../../validation.ts';
import { offersMadeBetween, waitlistOfDate } from '../../waitlist/entries.ts';
import { offerOutOfOrder } from '../../waitlist/offers.ts';

export function consoleDateRoutes(deps: AppDeps) {
  const { db, waiver } = deps;
  const group = new Hono<AppEnv>();

  group.get('/dates/:dateId', async (c) => c.json(await dateOverview(db, safeParam(c, 'dateId'), waiver.version)));

  group.post('/dates/:dateId/call-off', jsonBody(opsReasonSchema), async (c) => {
    const dateId = safeParam(c, 'dateId');
    const result = await committed(deps, callOff(db, dateId, { operator: c.get('caller'), reason: c.req.valid('json').reason }));
    return c.json({ ...(await dateOverview(db, dateId, waiver.version)), asked: result.bookings });
  });

  group.get('/date-kinds', async (c) => c.json(await dateKinds(db)));

  group.post('/dates', jsonBody(opsAddDatesSchema), async (c) => {
    const { after: _, ...added } = await committed(deps, addDates(db, c.get('caller'), c.req.valid('json')));
    return c.json(added);
  });

  group.put('/dates/:dateId/capacity', jsonBody(opsCapacitySchema), async (c) => {
    const dateId = safeParam(c, 'dateId');
    // Seats it frees go to the waitlist at once (after the change commits): the answer names the offers made.
    const before = await waitlistOfDate(db, dateId);
    const { changed } = await committed(deps, changeCapacity(db, c.get('caller'), dateId, c.req.valid('json')));
    return c.json({ changed, offers: changed ? offersMadeBetween(before, await waitlistOfDate(db, dateId)) : [] });
  });

  group.put('/dates/:dateId/meeting-point', jsonBody(opsMeetingPointSchema), async (c) => {
    const { changed, told } = await committed(deps, setMeetingPoint(db, c.get('caller'), safeParam(c, 'dateId'), c.req.valid('json')));
    return c.json({ changed, told });
  });

  group.get('/dates/:dateId/waitlist', async (c) => c.json({ waitlist: await waitlistOfDate(db, safeParam(c, 'dateId')) }));

  group.post('/dates/:dateId/waitlist/:entryId/offer', jsonBody(opsReasonSchema), async (c) => {
    const settings = offerSettings(deps);
    const request = { dateId: safeParam(c, 'dateId'), entryId: safeParam(c, 'entryId'), reason: c.req.valid('json').reason };
    const { offerId, takenBackFrom } = await committed(deps, offerOutOfOrder(db, c.get('caller'), request, settings));
    return c.json({ offerId, takenBackFrom });
  });

  group.post('/dates/:dateId/held-signatures/:eventId/accept', jsonBody(opsReasonSchema), async (c) => {
    const dateId = safeParam(c, 'dateId');
    const request = { dateId, eventId: safeParam(c, 'eventId'), reason: c.req.valid('json').reason };
    await acceptHeldSignature(db, c.get('caller'), request, waiver);
    return c.json(await dateOverview(db, dateId, waiver.version));
  });

  group.post('/dates/:dateId/withdraw', jsonBody(opsReasonSchema), async (c) => {
    const { changed } = await committed(deps, withdrawDate(db, c.get('caller'), safeParam(c, 'dateId'), c.req.valid('json').reason));
    return c.json({ changed });
  });

  return group;
}
