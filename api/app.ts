/** The booking API as a Hono app. Built here, started in server.ts, called directly in tests. */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import { WAIVER_TEXT_HEADER } from '../src/lib/waiver-record.ts';
import type { AppDeps, AppEnv } from './context.ts';
import { errorBody, HttpError } from './http.ts';
import { TooManyRequests, tooManyRequests } from './limits/rate-limit.ts';
import { catalogRoutes } from './routes/catalog.ts';
import { guideRoutes } from './routes/guide.ts';
import { DEFAULT_BODY_LIMIT, tooLarge } from './routes/limits.ts';
import { partyRoutes } from './routes/party.ts';
import { paymentRoutes } from './routes/payments.ts';
import { userRoutes } from './routes/users.ts';
import { waiverRoutes } from './routes/waiver.ts';

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.use('*', secureHeaders({ crossOriginResourcePolicy: 'cross-origin' }));
  app.use('*', cors({ origin: [...deps.siteOrigins], allowHeaders: ['Authorization', 'Content-Type', WAIVER_TEXT_HEADER], maxAge: 600 }));
  app.use('*', async (c, next) => {
    // Every body-carrying call speaks JSON; say so before reading a byte of it.
    if (['POST', 'PUT', 'PATCH'].includes(c.req.method)) {
      const length = Number(c.req.header('content-length') ?? '0');
      const type = c.req.header('content-type') ?? '';
      if ((length > 0 || c.req.header('transfer-encoding')) && !/^application\/json\b/i.test(type)) {
        throw new HttpError(415, 'Content-Type must be application/json');
      }
    }
    await next();
  });
  // Routes that take more set their own, larger limit; everything else stops here.
  app.use('*', async (c, next) => {
    if (c.req.method === 'PUT' && c.req.path.startsWith('/users/user/')) return next();
    if (c.req.method === 'POST' && c.req.path === '/stripe/webhook') return next();
    return bodyLimit({ maxSize: DEFAULT_BODY_LIMIT, onError: tooLarge })(c, next);
  });

  app.get('/health', (c) => c.json({ ok: true, payments: deps.payments.name }));
  app.route('/', catalogRoutes(deps));
  app.route('/', paymentRoutes(deps));
  app.route('/', userRoutes(deps));
  app.route('/', partyRoutes(deps));
  app.route('/', guideRoutes(deps));
  app.route('/', waiverRoutes(deps));

  app.notFound((c) => c.json(errorBody('Not found'), 404));
  app.onError((error, c) => {
    if (error instanceof TooManyRequests) return tooManyRequests(c, error);
    if (error instanceof HttpError) return c.json(errorBody(error.message), error.status);
    console.error('unexpected API error', { method: c.req.method, path: c.req.path, error });
    return c.json(errorBody('Internal server error'), 500);
  });
  return app;
}
