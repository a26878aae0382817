import { describe, expect, it } from 'vitest';
import { authErrorMessage, UNEXPECTED_MESSAGE } from '../../src/lib/auth-errors.ts';
import { returnPath } from '../../src/lib/navigation.ts';
import { passwordProblems } from '../../src/lib/password-policy.ts';
import { publicCache } from '../../api/cache.ts';

describe('identity error messages', () => {
  it.each([
    ['auth/email-already-in-use', 'The email address is already in use.'],
    ['auth/invalid-email', 'The email address is not valid.'],
    ['auth/wrong-password', 'Incorrect password. Please try again.'],
    ['auth/invalid-credential', 'No account found or invalid credentials.'],
    ['auth/some-new-code', UNEXPECTED_MESSAGE],
  ])('%s reads %j', (code, text) => {
    expect(authErrorMessage({ code, message: 'Firebase: raw' })).toBe(text);
  });
});

describe('password policy', () => {
  it('needs 6 characters by default and follows server rules when set', () => {
    expect(passwordProblems('abc12')).toEqual(['The password must be at least 6 characters.']);
    expect(passwordProblems('abcdef')).toEqual([]);
    expect(passwordProblems('abcdef', { minLength: 6, requireUppercase: true, requireNumber: true })).toHaveLength(2);
  });
});

describe('going back one page after sign-in', () => {
  it('returns to the previous page of this site, else home', () => {
    expect(returnPath('http://127.0.0.1:4321/booking/avalanche-class?x=1', 'http://127.0.0.1:4321')).toBe('/booking/avalanche-class?x=1');
    expect(returnPath('https://elsewhere.example/', 'http://127.0.0.1:4321')).toBe('/');
    expect(returnPath('', 'http://127.0.0.1:4321')).toBe('/');
    expect(returnPath('http://127.0.0.1:4321/sign-in', 'http://127.0.0.1:4321')).toBe('/');
  });
});

describe('the public answer cache', () => {
  it('serves one load within its lifetime and reloads after it or after clear', async () => {
    let now = 0;
    let loads = 0;
    const cache = publicCache(1000, () => now);
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    now = 1001;
    expect(await cache.get('k', load)).toBe(2);
    cache.clear();
    expect(await cache.get('k', load)).toBe(3);
  });
});
