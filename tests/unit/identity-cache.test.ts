import { describe, expect, it } from 'vitest';
import { cachedIdentity, type CacheOptions, type Caller, type Identity, type VerifyOptions } from '../../api/identity.ts';

const START = Date.parse('2026-12-05T15:00:00Z');

/** A token shaped like a Firebase ID token: only its `exp` and its subject matter here. */
function token(sub: string, expiresInSeconds = 3600, now = START): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', kid: 'k' })}.${part({ sub, exp: Math.floor(now / 1000) + expiresInSeconds })}.signature`;
}

/** An identity service that accepts tokens whose subject starts with "good", counting every verification. */
function fakeIdentity() {
  const calls: { token: string; options: VerifyOptions | undefined }[] = [];
  let release: (() => void) | null = null;
  let gate: Promise<void> | null = null;
  const identity: Identity = {
    async verifyIdToken(value, options) {
      calls.push({ token: value, options });
      if (gate) await gate;
      const payload = JSON.parse(Buffer.from(value.split('.')[1] ?? '', 'base64url').toString()) as { sub: string };
      if (!payload.sub.startsWith('good')) throw new Error('invalid token');
      return { uid: payload.sub, email: `${payload.sub}@example.com`, name: null, picture: null } satisfies Caller;
    },
    async updateDisplayName() {},
    async isGuide() {
      return false;
    },
    async isOperator() {
      return false;
    },
    async accountStates() {
      return new Map();
    },
    async customerAccount(email) {
      return { uid: 'made', email, displayName: null, created: true, emailVerified: false, signsIn: false };
    },
    async passwordSetupLink() {
      return 'https://example.com/set-password';
    },
    async staffAccounts() {
      return [];
    },
    async setStaffRole() {
      return false;
    },
  };
  return {
    identity,
    calls,
    /** Holds every verification until `open()` is called. */
    hold() {
      gate = new Promise((resolve) => (release = resolve));
    },
    open() {
      gate = null;
      release?.();
    },
    count: (value: string) => calls.filter((call) => call.token === value).length,
  };
}

function clock(start = START) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

/** A fake identity service and a cache in front of it (with these limits) on a clock that stands still. */
function cachedFake(limits: Omit<CacheOptions, 'now'> = {}) {
  const fake = fakeIdentity();
  return { fake, cache: cachedIdentity(fake.identity, { ...limits, now: clock().now }) };
}

describe('the verified-token cache', () => {
  it('verifies a token once and answers repeats from the cache', async () => {
    const { fake, cache } = cachedFake();
    const good = token('good-1');
    expect((await cache.verifyIdToken(good)).uid).toBe('good-1');
    expect((await cache.verifyIdToken(good)).uid).toBe('good-1');
    expect(fake.count(good)).toBe(1);
  });

  it('keeps good tokens through a flood of failing ones', async () => {
    const { fake, cache } = cachedFake({ maxEntries: 10, maxPending: 5 });
    const goods = Array.from({ length: 10 }, (_, index) => token(`good-${index}`));
    for (const good of goods) await cache.verifyIdToken(good);
    for (let index = 0; index < 1000; index += 1) {
      await expect(cache.verifyIdToken(token(`junk-${index}`))).rejects.toThrow('invalid token');
    }
    for (const good of goods) expect((await cache.verifyIdToken(good)).email).toMatch(/^good-/);
    for (const good of goods) expect(fake.count(good)).toBe(1);
  });

  it('does not remember a failure: the next call verifies again', async () => {
    const { fake, cache } = cachedFake();
    const junk = token('junk');
    await expect(cache.verifyIdToken(junk)).rejects.toThrow();
    await expect(cache.verifyIdToken(junk)).rejects.toThrow();
    expect(fake.count(junk)).toBe(2);
  });

  it('evicts the least recently used token, and a hit makes a token recent again', async () => {
    const { fake, cache } = cachedFake({ maxEntries: 2 });
    const [a, b, c] = [token('good-a'), token('good-b'), token('good-c')];
    await cache.verifyIdToken(a);
    await cache.verifyIdToken(b);
    await cache.verifyIdToken(a); // a is now more recent than b
    await cache.verifyIdToken(c); // the cache is full: b goes
    await cache.verifyIdToken(a);
    await cache.verifyIdToken(c);
    expect([fake.count(a), fake.count(b), fake.count(c)]).toEqual([1, 1, 1]);
    await cache.verifyIdToken(b);
    expect(fake.count(b)).toBe(2);
  });

  it('shares one verification between concurrent calls with the same new token', async () => {
    const { fake, cache } = cachedFake();
    const good = token('good-burst');
    const junk = token('junk-burst');
    fake.hold();
    const goodCalls = Array.from({ length: 20 }, () => cache.verifyIdToken(good));
    const junkCalls = Array.from({ length: 20 }, () => cache.verifyIdToken(junk).catch((error: Error) => error.message));
    fake.open();
    expect(new Set((await Promise.all(goodCalls)).map((caller) => caller.uid))).toEqual(new Set(['good-burst']));
    expect(new Set(await Promise.all(junkCalls))).toEqual(new Set(['invalid token']));
    expect([fake.count(good), fake.count(junk)]).toEqual([1, 1]);
  });

  it('tracks a bounded number of verifications in flight; beyond that each call verifies on its own', async () => {
    const { fake, cache } = cachedFake({ maxPending: 2 });
    const tokens = [token('good-1'), token('good-2'), token('good-3')];
    fake.hold();
    const calls = [...tokens, ...tokens].map((value) => cache.verifyIdToken(value));
    fake.open();
    await Promise.all(calls);
    expect(tokens.map((value) => fake.count(value))).toEqual([1, 1, 2]);
    // Once verified, all three are answered from the cache.
    for (const value of tokens) await cache.verifyIdToken(value);
    expect(tokens.map((value) => fake.count(value))).toEqual([1, 1, 2]);
  });

  it('keeps a token until 30 s before it expires, and never longer than 5 minutes', async () => {
    const fake = fakeIdentity();
    const time = clock();
    const cache = cachedIdentity(fake.identity, { now: time.now });
    const hourLong = token('good-hour', 3600);
    const minuteLong = token('good-minute', 60);
    const almostExpired = token('good-ending', 20);
    for (const value of [hourLong, minuteLong, almostExpired]) await cache.verifyIdToken(value);

    time.advance(29_000);
    for (const value of [hourLong, minuteLong, almostExpired]) await cache.verifyIdToken(value);
    expect([fake.count(hourLong), fake.count(minuteLong), fake.count(almostExpired)]).toEqual([1, 1, 2]);

    time.advance(2_000); // 31 s: the minute-long token is within 30 s of its expiry
    await cache.verifyIdToken(minuteLong);
    await cache.verifyIdToken(hourLong);
    expect([fake.count(hourLong), fake.count(minuteLong)]).toEqual([1, 2]);

    time.advance(5 * 60_000 - 31_000); // exactly 5 minutes after the first verification
    await cache.verifyIdToken(hourLong);
    expect(fake.count(hourLong)).toBe(2);
  });

  it('never answers a revocation-checked call from the cache', async () => {
    const { fake, cache } = cachedFake();
    const good = token('good-writer');
    await cache.verifyIdToken(good);
    await cache.verifyIdToken(good, { checkRevoked: true });
    await cache.verifyIdToken(good, { checkRevoked: true });
    expect(fake.calls.map((call) => call.options?.checkRevoked ?? false)).toEqual([false, true, true]);
  });
});
