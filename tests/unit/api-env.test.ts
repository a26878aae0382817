import { describe, expect, it } from 'vitest';
import { readEnv } from '../../api/env.ts';

describe('the API environment', () => {
  it('defaults to the local stack: PGlite, the Auth emulator, local payments, a demo seed', () => {
    const env = readEnv({});
    expect(env).toMatchObject({
      API_PORT: 8787,
      DATA_DIR: '.data/pglite',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      PAYMENT_PROVIDER: 'local',
      SEED_ON_FIRST_START: true,
      HOLD_MINUTES: 15,
    });
    expect(env.DATABASE_URL).toBeUndefined();
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
    };
    expect(readEnv(live)).toMatchObject({ PAYMENT_PROVIDER: 'stripe', SEED_ON_FIRST_START: false });
    expect(readEnv(live).FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
    expect(() => readEnv({ ...live, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(/must not be set in production/);
    expect(() => readEnv({ NODE_ENV: 'production' })).toThrow(/local payment provider/);
  });

  it('names the setting that is wrong', () => {
    expect(() => readEnv({ API_PORT: 'eighty' })).toThrow(/API_PORT/);
    expect(() => readEnv({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });
});
