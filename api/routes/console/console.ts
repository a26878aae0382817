/**
 * The operators' console, under /ops: GET /ops/days (today and the days ahead, with parties and
 * readiness), GET /ops/activity (the record of operator actions) and GET /ops/passes/{code} (whose
 * trailhead pass it is) here, and a file per resource:
 * bookings, dates, blackout days, promo codes, staff, gift cards, reports. Operators only, the role asked of the identity
 * service on every call; every change is recorded in its own transaction.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { NOT_AN_OPERATOR } from '../../../shared/contract/messages.ts';
import { isCalendarDay } from '../../../shared/rules/dates.ts';
import { requireCaller, requireRole } from '../../auth.ts';
import { DAYS_AHEAD, daysAhead, MAX_DAYS_AHEAD } from '../../console/days-ahead.ts';
import { listActions } from '../../record/operator-actions.ts';
import { passOf, UNKNOWN_PASS } from '../../trailhead/passes.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { paramAs } from '../../validation.ts';
import { DEFAULT_BODY_LIMIT, limitBody } from '../body-limit.ts';
import { consoleAttentionRoutes } from './attention.ts';
import { consoleBlackoutDayRoutes } from './blackout-days.ts';
import { consoleBookingRoutes } from './bookings.ts';
import { consoleDateRoutes } from './dates.ts';
import { consolePromoCodeRoutes } from './promo-codes.ts';
import { consoleStaffRoutes } from './staff.ts';
import { consoleGiftCardRoutes } from './gift-cards.ts';
import { consoleReportRoutes } from './reports.ts';
import { CONSOLE_ROUTES } from '../../../shared/contract/routes/console.ts';
import { declarer } from '../declare.ts';

const ACTIVITY_SHOWN = 200;

const DAYS_MESSAGE = `Days ahead must be a whole number from 0 to ${MAX_DAYS_AHEAD}.`;
const daysSchema = v.optional(
  v.pipe(v.string(), v.regex(/^\d{1,3}$/, DAYS_MESSAGE), v.transform(Number), v.maxValue(MAX_DAYS_AHEAD, DAYS_MESSAGE)),
  String(DAYS_AHEAD),
);
const passCodeSchema = v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/, UNKNOWN_PASS));
const FROM_MESSAGE = 'The first day must be a calendar day (YYYY-MM-DD).';
const fromSchema = v.optional(v.pipe(v.string(), v.check(isCalendarDay, FROM_MESSAGE)));
/** The record's filters: a trip day, a booking, part of a person's name or e-mail. */
const daySchema = v.optional(v.pipe(v.string(), v.check(isCalendarDay, 'The day must be a calendar day (YYYY-MM-DD).')));
const bookingParamSchema = v.optional(v.pipe(v.string(), v.maxLength(64, 'That is not a booking.')));
const personSchema = v.optional(v.pipe(v.string(), v.maxLength(100, 'Search for at most 100 characters of a name or e-mail.')));

export function consoleRoutes(deps: AppDeps) {
  const { db, identity, waiver } = deps;
  const group = new Hono<AppEnv>();
  const declare = declarer(group, '/ops');
  group.use('*', limitBody(DEFAULT_BODY_LIMIT));
  // Customers' contacts and money: a revoked token or a disabled account is refused too.
  group.use('*', requireCaller(identity, { checkRevoked: true }), requireRole(deps, ['operator'], NOT_AN_OPERATOR));

  declare(CONSOLE_ROUTES.days, async (c) => {
    const days = paramAs(c.req.query('days'), daysSchema);
    const fromDay = paramAs(c.req.query('from'), fromSchema);
    return c.json(await daysAhead(db, { fromDay, days }, waiver.version));
  });

  declare(CONSOLE_ROUTES.activity, async (c) => {
    const filter = {
      day: paramAs(c.req.query('day'), daySchema),
      bookingId: paramAs(c.req.query('booking'), bookingParamSchema),
      person: paramAs(c.req.query('person'), personSchema),
    };
    return c.json(await listActions(db, { limit: ACTIVITY_SHOWN, ...filter }));
  });

  declare(CONSOLE_ROUTES.pass, async (c) => c.json(await passOf(db, paramAs(c.req.param('code'), passCodeSchema))));

  group.route('/bookings', consoleBookingRoutes(deps));
  group.route('/', consoleDateRoutes(deps));
  group.route('/blackout-days', consoleBlackoutDayRoutes(deps));
  group.route('/promo-codes', consolePromoCodeRoutes(deps));
  group.route('/attention', consoleAttentionRoutes(deps));
  group.route('/staff', consoleStaffRoutes(deps));
  group.route('/gift-cards', consoleGiftCardRoutes(deps));
  group.route('/reports', consoleReportRoutes(deps));
  return group;
}
