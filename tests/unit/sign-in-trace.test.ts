import { describe, expect, it } from 'vitest';
import { neverSignedIn } from '../../src/lib/sign-in-trace.ts';

describe('a browser that has never signed in here', () => {
  const remembered = JSON.stringify({ uid: 'u1', email: 'casey@example.com' });

  it('is one whose storage works and remembers no user, or the sign-out of the last one', () => {
    expect(neverSignedIn(null, true)).toBe(true);
    expect(neverSignedIn('null', true)).toBe(true);
  });

  it('is not one that remembers a user: Firebase decides whether the session still holds', () => {
    expect(neverSignedIn(remembered, true)).toBe(false);
  });

  it('cannot be told when storage is off, cannot keep what is written, or holds something unreadable', () => {
    expect(neverSignedIn({ unreadable: true }, false)).toBe(false);
    expect(neverSignedIn(null, false)).toBe(false);
    expect(neverSignedIn('{not json', true)).toBe(false);
    expect(neverSignedIn('"someone"', true)).toBe(false);
  });
});
