/** The API's settings, read and validated in this one place. Secrets stay on the server. */
import * as v from 'valibot';
import { parseCidrList, type Cidr } from './limits/client-ip.ts';

const port = (fallback: string) =>
  v.pipe(v.optional(v.string(), fallback), v.transform(Number), v.integer(), v.minValue(0), v.maxValue(65535));

const envSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test']), 'development'),
  HOST: v.optional(v.string(), '127.0.0.1'),
  API_PORT: port('8787'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.url())),
  DATA_DIR: v.optional(v.string(), '.data/pglite'),
  SEED_ON_FIRST_START: v.optional(v.picklist(['true', 'false', '1', '0'])),
  SEED_LAST_SEASON: v.optional(v.picklist(['true', 'false', '1', '0'])),
  SITE_ORIGINS: v.pipe(
    v.optional(v.string(), 'http://localhost:4321,http://127.0.0.1:4321'),
    v.transform((list) =>
      list
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  ),
  FIREBASE_PROJECT_ID: v.optional(v.string(), 'demo-kamas'),
  FIREBASE_AUTH_EMULATOR_HOST: v.optional(v.string()),
  PAYMENT_PROVIDER: v.optional(v.picklist(['local', 'stripe'])),
  STRIPE_SECRET_KEY: v.optional(v.pipe(v.string(), v.startsWith('sk_'))),
  STRIPE_WEBHOOK_SECRET: v.optional(v.pipe(v.string(), v.startsWith('whsec_'))),
  /** Tests only: Stripe's API at another address (a local stand-in); refused in production. */
  STRIPE_API_BASE: v.optional(v.pipe(v.string(), v.url('must be a URL such as http://127.0.0.1:12111'))),
  HOLD_MINUTES: v.pipe(v.optional(v.string(), '15'), v.transform(Number), v.number(), v.minValue(1), v.maxValue(120)),
  CURRENCY: v.optional(v.string(), 'usd'),
  /** Bookings close this many hours before a date starts. */
  BOOKING_CUTOFF_HOURS: v.pipe(v.optional(v.string(), '12'), v.transform(Number), v.number(), v.minValue(0), v.maxValue(720)),
  /** The header a trusted proxy sets to the client's IP (e.g. x-nf-client-connection-ip); unset means the socket's address. */
  CLIENT_IP_HEADER: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[A-Za-z0-9-]+$/, 'must be an HTTP header name'),
      v.transform((name) => name.toLowerCase()),
    ),
  ),
  /** The proxies (CIDR ranges or addresses, comma-separated) whose CLIENT_IP_HEADER is believed. */
  TRUSTED_PROXIES: v.optional(
    v.pipe(
      v.string(),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        try {
          return parseCidrList(dataset.value);
        } catch (error) {
          addIssue({ message: (error as Error).message });
          return NEVER;
        }
      }),
    ),
  ),
  /** New holds allowed per client address per hour (a shop's Wi-Fi serves many customers). */
  HOLDS_PER_ADDRESS_PER_HOUR: v.pipe(v.optional(v.string(), '30'), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(100_000)),
  /** Gift card codes one client address, or one customer, may try per minute (a balance, a card kept, a checkout). */
  GIFT_CREDIT_BONUS_PERCENT: v.pipe(v.optional(v.string(), '10'), v.transform(Number), v.integer(), v.minValue(0), v.maxValue(100)),
  // Months a credit's bonus may be used for, from the day the card is made; unset, it never ends.
  GIFT_CREDIT_BONUS_MONTHS: v.pipe(
    v.optional(v.string(), ''),
    v.transform((months) => (months.trim() === '' ? null : Number(months))),
    v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(120))),
  ),
  GIFT_CODE_TRIES_PER_MINUTE: v.pipe(v.optional(v.string(), '10'), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(100_000)),
  /** The mail server (smtp://user:password@host:port, or smtps://); locally the mail catcher npm run dev starts. */
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL'))),
  /** Who the site's messages come from, e.g. "Kamas Backcountry Guides <bookings@kamasbackcountry.com>". */
  MAIL_FROM: v.optional(v.string()),
  /** Where a customer's reply goes. */
  MAIL_REPLY_TO: v.optional(v.string()),
  /** The site's own origin, for the links in messages; the first of SITE_ORIGINS unless set. */
  SITE_URL: v.optional(v.pipe(v.string(), v.url())),
});

/** The mail catcher npm run dev starts (maildev): SMTP here, its inbox at http://127.0.0.1:1080. */
export const LOCAL_MAIL_CATCHER = 'smtp://127.0.0.1:1025';

export type Env = Omit<
  v.InferOutput<typeof envSchema>,
  'SEED_ON_FIRST_START' | 'SEED_LAST_SEASON' | 'TRUSTED_PROXIES' | 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_REPLY_TO' | 'SITE_URL'
> & {
  SMTP_URL: string;
  MAIL_FROM: string;
  MAIL_REPLY_TO: string;
  SITE_URL: string;
  TRUSTED_PROXIES: Cidr[];
  PAYMENT_PROVIDER: 'local' | 'stripe';
  /** Demo data on an empty database: on by default except in production. */
  SEED_ON_FIRST_START: boolean;
  /** With the demo data, last season's history walked through (api/seed/history.ts): on by default in development. */
  SEED_LAST_SEASON: boolean;
};

/**
 * The Auth emulator's ID tokens are unsigned, so they are trusted only when the emulator is named
 * explicitly and the project is a Firebase `demo-` project (one that has no real users). Returns
 * why a setting breaks that rule, or null.
 */
export function emulatorRuleViolation(projectId: string, emulatorHost: string | undefined): string | null {
  if (!emulatorHost || projectId.startsWith('demo-')) return null;
  return (
    `FIREBASE_AUTH_EMULATOR_HOST is set, but FIREBASE_PROJECT_ID "${projectId}" is not a demo- project: ` +
    'unsigned emulator tokens are only trusted for a demo- project. Unset FIREBASE_AUTH_EMULATOR_HOST to verify real ID tokens.'
  );
}

/** The process's environment as given, for the operator commands that read a setting or two of it. */
export function processEnv(): Readonly<Record<string, string | undefined>> {
  return process.env;
}

/**
 * firebase-admin reads the Auth emulator's address from the process itself, in every module that
 * uses it: this is where the process's setting is read and given.
 */
export const authEmulator = {
  host: (): string | undefined => process.env['FIREBASE_AUTH_EMULATOR_HOST'] || undefined,
  use(host: string): void {
    process.env['FIREBASE_AUTH_EMULATOR_HOST'] = host;
  },
};

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const defined = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = v.safeParse(envSchema, defined);
  if (!result.success) {
    const details = result.issues.map((issue) => `${v.getDotPath(issue) ?? '?'}: ${issue.message}`).join('; ');
    throw new Error(`Invalid API environment: ${details}`);
  }
  const env = result.output;
  if (env.NODE_ENV === 'production' && env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new Error('FIREBASE_AUTH_EMULATOR_HOST must not be set in production');
  }
  if (env.NODE_ENV === 'production' && env.STRIPE_API_BASE) {
    throw new Error('STRIPE_API_BASE must not be set in production');
  }
  const emulatorViolation = emulatorRuleViolation(env.FIREBASE_PROJECT_ID, env.FIREBASE_AUTH_EMULATOR_HOST);
  if (emulatorViolation) throw new Error(emulatorViolation);
  const provider = env.PAYMENT_PROVIDER ?? (env.STRIPE_SECRET_KEY ? 'stripe' : 'local');
  if (provider === 'stripe' && (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET)) {
    throw new Error('The stripe payment provider needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  if (env.NODE_ENV === 'production' && provider === 'local') {
    throw new Error('The local payment provider moves no money and cannot run in production');
  }
  if (env.CLIENT_IP_HEADER && !env.TRUSTED_PROXIES?.length) {
    throw new Error(
      'CLIENT_IP_HEADER needs TRUSTED_PROXIES, the addresses of the proxy that sets it: from anywhere else the header could be written by the client.',
    );
  }
  const seed = env.SEED_ON_FIRST_START === undefined ? env.NODE_ENV !== 'production' : ['true', '1'].includes(env.SEED_ON_FIRST_START);
  return {
    ...env,
    ...mailSettings(env),
    PAYMENT_PROVIDER: provider,
    SEED_ON_FIRST_START: seed,
    SEED_LAST_SEASON: env.SEED_LAST_SEASON === undefined ? env.NODE_ENV === 'development' : ['true', '1'].includes(env.SEED_LAST_SEASON),
    TRUSTED_PROXIES: env.TRUSTED_PROXIES ?? [],
  };
}

/** Locally the messages go to the mail catcher of npm run dev; production names its own mail server, sender and reply address. */
function mailSettings(env: v.InferOutput<typeof envSchema>) {
  const missing = (['SMTP_URL', 'MAIL_FROM', 'MAIL_REPLY_TO'] as const).filter((name) => !env[name]);
  if (env.NODE_ENV === 'production' && missing.length > 0) {
    throw new Error(`Messages to customers need ${missing.join(', ')} in production (the mail server, the sender and the reply address)`);
  }
  return {
    SMTP_URL: env.SMTP_URL ?? LOCAL_MAIL_CATCHER,
    MAIL_FROM: env.MAIL_FROM ?? 'Kamas Backcountry Guides <bookings@kamasbackcountry.local>',
    MAIL_REPLY_TO: env.MAIL_REPLY_TO ?? 'hello@kamasbackcountry.com',
    SITE_URL: (env.SITE_URL ?? env.SITE_ORIGINS[0] ?? 'http://127.0.0.1:4321').replace(/\/$/, ''),
  };
}
