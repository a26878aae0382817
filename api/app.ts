/** The booking API as a Hono app. Built here, started in server.ts, called directly in tests. */
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { WAIVER_TEXT_HEADER } from '../shared/rules/waiver-record.ts';
import type { AppDeps, AppEnv } from './context.ts';
import { DomainError, type DomainErrorCode } from './domain-error.ts';
import { errorBody, HttpError } from './http.ts';
import { TooManyRequests, tooManyRequests } from './limits/rate-limit.ts';
import { authUserRoutes } from './routes/auth-users.ts';
import { DEFAULT_BODY_LIMIT, limitBody } from './routes/body-limit.ts';
import { bookingRoutes } from './routes/bookings.ts';
import { calendarRoutes } from './routes/calendar.ts';
import { guideRoutes } from './routes/guide.ts';
import { consoleRoutes } from './routes/console/console.ts';
import { partyRoutes } from './routes/party.ts';
import { paymentRoutes } from './routes/payments.ts';
import { promoRoutes } from './routes/promo.ts';
import { stripeRoutes } from './routes/stripe.ts';
import { userRoutes } from './routes/users.ts';
import { waiverRoutes } from './routes/waiver.ts';
import { waitlistRoutes } from './routes/waitlist.ts';
import { giftCardRoutes } from './routes/gift-cards.ts';
import { referenceRoutes } from './routes/reference.ts';
import { declarer } from './routes/declare.ts';
import { PUBLIC_ROUTES } from '../shared/contract/routes/public.ts';
import { jsonBodiesOnly } from './validation.ts';
import { wireFeatures } from './features.ts';

/** The HTTP status each kind of refusal by the domain is answered with. */
const STATUS_OF = {
  invalid: 400,
  declined: 402,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'provider-down': 502,
} as const satisfies Record<DomainErrorCode, ContentfulStatusCode>;

/** The route groups, by the base path each answers under. */
const ROUTE_GROUPS: Record<string, (deps: AppDeps) => Hono<AppEnv>> = {
  '/users': userRoutes,
  '/authUsers': authUserRoutes,
  '/calendar': calendarRoutes,
  '/stripe': stripeRoutes,
  '/promo': promoRoutes,
  '/payments': paymentRoutes,
  '/parties': partyRoutes,
  '/bookings': bookingRoutes,
  '/guide': guideRoutes,
  '/ops': consoleRoutes,
  '/waiver': waiverRoutes,
  '/waitlist': waitlistRoutes,
  '/gift-cards': giftCardRoutes,
};

export function createApp(deps: AppDeps) {
  wireFeatures();
  const app = new Hono<AppEnv>();

  app.use('*', secureHeaders({ crossOriginResourcePolicy: 'cross-origin' }));
  app.use('*', cors({ origin: [...deps.siteOrigins], allowHeaders: ['Authorization', 'Content-Type', WAIVER_TEXT_HEADER], maxAge: 600 }));
  app.use('*', jsonBodiesOnly);

  declarer(app, '')(PUBLIC_ROUTES.health, (c) => c.json({ ok: true, payments: deps.payments.name }));
  app.route('/', referenceRoutes());
  for (const [path, routes] of Object.entries(ROUTE_GROUPS)) app.route(path, routes(deps));

  // Reached only when no route answered: an oversized body is refused before the 404.
  app.use('*', limitBody(DEFAULT_BODY_LIMIT));
  app.notFound((c) => c.json(errorBody('Not found'), 404));

  // Every error answer is made here: `{ error, message }` with the error's status, or a 500 that is logged.
  app.onError((error, c) => {
    if (error instanceof TooManyRequests) return tooManyRequests(c, error);
    if (error instanceof HttpError) return c.json(errorBody(error.message), error.status);
    if (error instanceof DomainError) return c.json(errorBody(error.message), STATUS_OF[error.code]);
    console.error('unexpected API error', { method: c.req.method, path: c.req.path, error });
    return c.json(errorBody('Internal server error'), 500);
  });
  return app;
}
