/**
 * The console's bookings, under /ops/bookings: GET ?q= (find a booking), POST (book for a customer),
 * GET /{id}, GET /{id}/move-targets, and POST /{id}/cancel, /{id}/move, /{id}/notes and /{id}/resend.
 * A change answers with the booking as it is after it.
 */
import { Hono } from 'hono';
import { BOOKING_NOT_FOUND } from '../../../shared/contract/messages.ts';
import { searchSchema } from '../../../shared/contract/ops-requests.ts';
import { committed } from '../../after-commit.ts';
import { safeParam } from '../../auth.ts';
import { cancelBooking } from '../../bookings/cancellation.ts';
import { bookForCustomer, holdForCard } from '../../console/book-for-customer.ts';
import { addNote, resendConfirmation } from '../../console/booking-actions.ts';
import { findBookings, opsBooking } from '../../console/lookup.ts';
import { moveForCustomer, operatorMoveTargets } from '../../console/move-for-customer.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { HttpError } from '../../http.ts';
import { paramAs } from '../../validation.ts';
import { CONSOLE_ROUTES } from '../../../shared/contract/routes/console.ts';
import { declarer } from '../declare.ts';

export function consoleBookingRoutes(deps: AppDeps) {
  const { db, identity, payments, waiver, holdSeconds } = deps;
  const group = new Hono<AppEnv>();
  const declare = declarer(group, '/ops/bookings');
  const answer = (bookingId: string) => opsBooking(db, bookingId, waiver.version);

  declare(CONSOLE_ROUTES.findBookings, async (c) => c.json(await findBookings(db, paramAs(c.req.query('q'), searchSchema))));

  declare(CONSOLE_ROUTES.bookForCustomer, async (c, body) => {
    const request = body;
    const { paidBy } = request;
    // By card: the seats are held while the operator takes the customer's card in the card form.
    if (paidBy === 'card') return c.json(await holdForCard(db, identity, payments, c.get('caller'), request, holdSeconds), 202);
    const result = await committed(deps, bookForCustomer(db, identity, c.get('caller'), { ...request, paidBy }));
    return c.json(await answer(result.bookingId), result.booked ? 201 : 200);
  });

  declare(CONSOLE_ROUTES.booking, async (c) => {
    const booking = await answer(safeParam(c, 'bookingId'));
    if (!booking) throw new HttpError(404, BOOKING_NOT_FOUND);
    return c.json(booking);
  });

  declare(CONSOLE_ROUTES.cancelForCustomer, async (c, body) => {
    const bookingId = safeParam(c, 'bookingId');
    await committed(deps, cancelBooking(db, bookingId, { operator: c.get('caller'), ...body }));
    return c.json(await answer(bookingId));
  });

  declare(CONSOLE_ROUTES.moveTargets, async (c) => c.json(await operatorMoveTargets(db, safeParam(c, 'bookingId'))));

  declare(CONSOLE_ROUTES.moveForCustomer, async (c, body) => {
    const bookingId = safeParam(c, 'bookingId');
    await committed(deps, moveForCustomer(db, c.get('caller'), bookingId, body));
    return c.json(await answer(bookingId));
  });

  declare(CONSOLE_ROUTES.addNote, async (c, body) => {
    const bookingId = safeParam(c, 'bookingId');
    await addNote(db, c.get('caller'), bookingId, body.note);
    return c.json(await answer(bookingId));
  });

  declare(CONSOLE_ROUTES.resendConfirmation, async (c, body) => {
    const bookingId = safeParam(c, 'bookingId');
    await committed(deps, resendConfirmation(db, c.get('caller'), bookingId, body));
    return c.json(await answer(bookingId));
  });

  return group;
}
