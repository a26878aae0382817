import { describe, expect, it } from 'vitest';
import { readEnv } from '../../api/env.ts';

/** A production mail server, sender and reply address. */
const LIVE_MAIL = {
  SMTP_URL: 'smtps://apikey:secret@smtp.example.com:465',
  MAIL_FROM: 'Kamas Backcountry Guides <bookings@kamasbackcountry.com>',
  MAIL_REPLY_TO: 'hello@kamasbackcountry.com',
};

describe('the API environment', () => {
  it('defaults to the local stack: PGlite, local payments, a demo seed', () => {
    const env = readEnv({});
    expect(env).toMatchObject({
      API_PORT: 8787,
      DATA_DIR: '.data/pglite',
      FIREBASE_PROJECT_ID: 'demo-kamas',
      PAYMENT_PROVIDER: 'local',
      SEED_ON_FIRST_START: true,
      HOLD_MINUTES: 15,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('walks last season through on a fresh development database, not for tests unless asked', () => {
    expect(readEnv({}).SEED_LAST_SEASON).toBe(true);
    expect(readEnv({ NODE_ENV: 'test' }).SEED_LAST_SEASON).toBe(false);
    expect(readEnv({ NODE_ENV: 'test', SEED_LAST_SEASON: 'true' }).SEED_LAST_SEASON).toBe(true);
    expect(readEnv({ SEED_LAST_SEASON: '0' }).SEED_LAST_SEASON).toBe(false);
  });

  it('uses the Auth emulator only when it is named, never by default', () => {
    expect(readEnv({}).FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
    expect(readEnv({ NODE_ENV: 'development' }).FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
    expect(readEnv({ FIREBASE_PROJECT_ID: 'kamas-backcountry' }).FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
    expect(readEnv({ FIREBASE_AUTH_EMULATOR_HOST: '' }).FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
    expect(readEnv({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toMatchObject({
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      FIREBASE_PROJECT_ID: 'demo-kamas',
    });
  });

  it('refuses the Auth emulator for a project that is not a demo- project', () => {
    const real = { FIREBASE_PROJECT_ID: 'kamas-backcountry', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
    expect(() => readEnv(real)).toThrow(/FIREBASE_AUTH_EMULATOR_HOST.*"kamas-backcountry".*demo-/);
    expect(() => readEnv({ ...real, NODE_ENV: 'test' })).toThrow(/not a demo- project/);
    expect(() => readEnv({ ...real, FIREBASE_PROJECT_ID: 'kamas-demo-1' })).toThrow(/not a demo- project/);
    expect(readEnv({ ...real, FIREBASE_PROJECT_ID: 'demo-kamas-test' }).FIREBASE_AUTH_EMULATOR_HOST).toBe('127.0.0.1:9099');
  });

  it('picks Stripe when its keys are set', () => {
    const env = readEnv({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(env.PAYMENT_PROVIDER).toBe('stripe');
    expect(() => readEnv({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it('refuses to run production against the emulator or without real payments', () => {
    const live = {
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      DATABASE_URL: 'postgres://db.example.com/kamas',
      ...LIVE_MAIL,
    };
    expect(readEnv(live)).toMatchObject({ PAYMENT_PROVIDER: 'stripe', SEED_ON_FIRST_START: false });
    expect(readEnv(live).FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
    expect(() => readEnv({ ...live, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(/must not be set in production/);
    expect(() => readEnv({ ...live, STRIPE_API_BASE: 'http://127.0.0.1:12111' })).toThrow(/STRIPE_API_BASE must not be set in production/);
    expect(() => readEnv({ NODE_ENV: 'production' })).toThrow(/local payment provider/);
  });

  it('sends mail to the local catcher by default, and refuses production without its own mail server, sender and reply address', () => {
    expect(readEnv({})).toMatchObject({ SMTP_URL: 'smtp://127.0.0.1:1025', SITE_URL: 'http://localhost:4321' });
    expect(readEnv({ SITE_ORIGINS: 'https://www.kamasbackcountry.com' }).SITE_URL).toBe('https://www.kamasbackcountry.com');
    const live = { NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(() => readEnv(live)).toThrow('Messages to customers need SMTP_URL, MAIL_FROM, MAIL_REPLY_TO in production');
    expect(() => readEnv({ ...live, ...LIVE_MAIL, MAIL_REPLY_TO: '' })).toThrow(/need MAIL_REPLY_TO/);
    expect(readEnv({ ...live, ...LIVE_MAIL })).toMatchObject(LIVE_MAIL);
    expect(() => readEnv({ SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL/);
  });

  it("keeps a credit's bonus for ever unless told how many months it lasts", () => {
    expect(readEnv({}).GIFT_CREDIT_BONUS_MONTHS).toBeNull();
    expect(readEnv({ GIFT_CREDIT_BONUS_MONTHS: ' ' }).GIFT_CREDIT_BONUS_MONTHS).toBeNull();
    expect(readEnv({ GIFT_CREDIT_BONUS_MONTHS: '12' }).GIFT_CREDIT_BONUS_MONTHS).toBe(12);
    expect(() => readEnv({ GIFT_CREDIT_BONUS_MONTHS: '0' })).toThrow(/GIFT_CREDIT_BONUS_MONTHS/);
    expect(() => readEnv({ GIFT_CREDIT_BONUS_MONTHS: 'a year' })).toThrow(/GIFT_CREDIT_BONUS_MONTHS/);
  });

  it('names the setting that is wrong', () => {
    expect(() => readEnv({ API_PORT: 'eighty' })).toThrow(/API_PORT/);
    expect(() => readEnv({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });
});
