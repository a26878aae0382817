/** Starts the booking API on Node: database, migrations, first-start seed, then HTTP. */
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { publicCache } from './cache.ts';
import { openApiDatabase } from './db/api-database.ts';
import { migrate } from './db/migrate.ts';
import { authEmulator, readEnv } from './env.ts';
import { cachedIdentity, firebaseIdentity } from './identity.ts';
import { localProvider } from './payments/local.ts';
import { stripeProvider } from './payments/stripe.ts';
import { seedIfEmpty } from './seed/seed.ts';
import type { RateLimits } from './limits/rate-limit.ts';
import { currentWaiverEdition } from './users/waiver-edition.ts';
import { mailer as startMailer, SENDERS } from './mail/worker.ts';
import { mailThread } from './mail/mail-thread.ts';
import { startSweeps } from './sweeps.ts';

const env = readEnv();

/** Enough for any real customer, too few to tie up the calendar, guess codes or fill the disk. */
const LIMITS: RateLimits = {
  paymentIntents: { max: 10, windowSeconds: 3600 },
  holdsPerAddress: { max: env.HOLDS_PER_ADDRESS_PER_HOUR, windowSeconds: 3600 },
  promoTries: { max: 10, windowSeconds: 60 },
  inviteTries: { max: 10, windowSeconds: 60 },
  giftCodeTries: { max: env.GIFT_CODE_TRIES_PER_MINUTE, windowSeconds: 60 },
  waiverSignings: { max: 10, windowSeconds: 3600 },
  waitlistJoins: { max: 10, windowSeconds: 3600 },
};

if (env.FIREBASE_AUTH_EMULATOR_HOST) authEmulator.use(env.FIREBASE_AUTH_EMULATOR_HOST);
// On PGlite, the operator commands reach the database through the API while it runs (api-database.ts).
const db = await openApiDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
const applied = await migrate(db);
if (applied.length > 0) console.log(`migrations applied: ${applied.join(', ')}`);
if (env.SEED_ON_FIRST_START) {
  const seeded = await seedIfEmpty(db, new Date(), { lastSeasonHistory: env.SEED_LAST_SEASON });
  if (seeded)
    console.log(`seeded the demo catalog and the ${seeded} season${env.SEED_LAST_SEASON ? ', with last season walked through' : ''}`);
}

const payments =
  env.PAYMENT_PROVIDER === 'stripe'
    ? stripeProvider({
        secretKey: env.STRIPE_SECRET_KEY ?? '',
        webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
        apiBase: env.STRIPE_API_BASE,
      })
    : localProvider();

const identity = cachedIdentity(firebaseIdentity(env.FIREBASE_PROJECT_ID));
const cache = publicCache(2000);
// Rendered and sent beside the requests, not in their way.
const mailOut = mailThread({ url: env.SMTP_URL, from: env.MAIL_FROM, replyTo: env.MAIL_REPLY_TO, connections: SENDERS });
/** What a credit instead of a refund earns, for the pages that offer it and the messages. */
const creditTerms = { percent: env.GIFT_CREDIT_BONUS_PERCENT, bonusMonths: env.GIFT_CREDIT_BONUS_MONTHS };
const mailDeps = {
  db,
  identity,
  transport: mailOut.transport,
  siteUrl: env.SITE_URL,
  waiverVersion: currentWaiverEdition.version,
  bookingCutoffHours: env.BOOKING_CUTOFF_HOURS,
  creditTerms,
  messageDomain: new URL(env.SITE_URL).hostname,
  templates: mailOut.templates,
};
const mailer = startMailer(mailDeps);
const app = createApp({
  db,
  identity,
  payments,
  siteOrigins: env.SITE_ORIGINS,
  holdSeconds: env.HOLD_MINUTES * 60,
  currency: env.CURRENCY,
  cache,
  bookingCutoffHours: env.BOOKING_CUTOFF_HOURS,
  limits: LIMITS,
  clientIp: { header: env.CLIENT_IP_HEADER ?? null, trustedProxies: env.TRUSTED_PROXIES },
  waiver: currentWaiverEdition,
  creditTerms,
  mailer,
});

// Every sweep, on its timer (./sweeps.ts).
const sweeps = startSweeps({
  db,
  payments,
  cache,
  mailer,
  identity,
  bookingCutoffHours: env.BOOKING_CUTOFF_HOURS,
  waiver: currentWaiverEdition,
  limits: LIMITS,
});

const server = serve({ fetch: app.fetch, hostname: env.HOST, port: env.API_PORT }, (info) => {
  console.log(`booking API on http://${env.HOST}:${info.port} (${db.kind}, ${payments.name} payments)`);
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping the booking API`);
  server.close();
  await Promise.all([sweeps.stop(), mailer.idle()]);
  mailDeps.transport.close();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
