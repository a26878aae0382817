import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/lib/api/api-error.ts';
import { authErrorField, authErrorMessage, UNEXPECTED_MESSAGE } from '../../src/lib/auth-errors.ts';
import { tokenNeedsRefresh } from '../../src/lib/id-token.ts';
import { afterVisit, returnPath, staysOnSite } from '../../src/lib/navigation.ts';
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

  it('passes the booking API\u2019s own answer through, and reads anything else as unexpected', () => {
    expect(authErrorMessage(new ApiError(503, 'Bookings are offline for a moment.', null))).toBe('Bookings are offline for a moment.');
    expect(authErrorMessage(new TypeError('Failed to fetch'))).toBe(UNEXPECTED_MESSAGE);
    expect(authErrorMessage(null)).toBe(UNEXPECTED_MESSAGE);
  });

  it('names the sign-in field an error is about', () => {
    expect(authErrorField({ code: 'auth/email-already-in-use' })).toBe('email');
    expect(authErrorField({ code: 'auth/wrong-password' })).toBe('password');
    expect(authErrorField({ code: 'auth/invalid-credential' })).toBe('both');
    expect(authErrorField({ code: 'auth/network-request-failed' })).toBeNull();
  });
});

describe('the ID token', () => {
  it('is refreshed within five minutes of expiry', () => {
    const now = Date.UTC(2026, 11, 5, 15);
    expect(tokenNeedsRefresh(now + 5 * 60_000, now)).toBe(true);
    expect(tokenNeedsRefresh(now + 5 * 60_000 + 1, now)).toBe(false);
    expect(tokenNeedsRefresh(Number.NaN, now)).toBe(true);
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
  const origin = 'http://127.0.0.1:4321';
  const back = (remembered: (string | null)[], referrer = '') => returnPath({ remembered, referrer, origin, current: '/sign-in' });

  it('returns to the page this site remembered, even when the browser sent no referrer', () => {
    expect(back(['/about'])).toBe('/about');
    expect(back([null, '/booking/avalanche-class?x=1#dates'])).toBe('/booking/avalanche-class?x=1#dates');
  });

  it('falls back to a referrer of this site, else home', () => {
    expect(back([], 'http://127.0.0.1:4321/booking/avalanche-class?x=1')).toBe('/booking/avalanche-class?x=1');
    expect(back([], 'https://elsewhere.example/')).toBe('/');
    expect(back([])).toBe('/');
  });

  it('never follows a remembered page or referrer of this site whose path leads to another host', () => {
    for (const bad of [
      `${origin}//evil.example/x`,
      `${origin}/\\evil.example/x`,
      `${origin}/.//evil.example/x`,
      `${origin}/%2F%2Fevil.example/x`,
      `${origin}/%2f%5Cevil.example`,
      `${origin}/%252F%252Fevil.example`,
      `${origin}/%09/evil.example`,
      '/%2F%2Fevil.example',
      '\\\\evil.example/x',
      'https://evil.example/x',
      'http://127.0.0.1:4321.evil.example/',
      'http://127.0.0.1:43210/about',
      'https://127.0.0.1:4321/about',
      'JAVASCRIPT:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
    ]) {
      expect(back([bad]), bad).toBe('/');
      expect(back([], bad), bad).toBe('/');
    }
    expect(back([`${origin}//evil.example/x`, '/about'])).toBe('/about');
  });

  it('never leaves the site and never returns to the sign-in form', () => {
    for (const bad of [
      'https://elsewhere.example/x',
      '//elsewhere.example/x',
      '/\\elsewhere.example',
      'javascript:alert(1)',
      '/sign-in?mode=signup',
    ]) {
      expect(back([bad]), bad).toBe('/');
    }
  });
});

describe('an address that stays on this site', () => {
  const origin = 'https://www.kamasbackcountry.com';

  it('is a path of this site, with its query and hash', () => {
    for (const path of ['/', '/about', '/booking/faq?q=a%2Fb#dates', '/waiver/copy?id=w_1', '/a%20b']) {
      expect(staysOnSite(path, origin), path).toBe(true);
    }
  });

  it('is never a path a browser or a server could read as another host, in any encoding', () => {
    for (const path of [
      '//evil.example/x',
      '/\\evil.example/x',
      '/%2F%2Fevil.example/x',
      '/%2f/evil.example',
      '/%5C%5Cevil.example',
      '/%5cevil.example',
      '/%252F%252Fevil.example/x',
      '/%25252F%25252Fevil.example',
      '/%09/evil.example',
      '/\t/evil.example',
      '/%',
      'evil.example/x',
      'https://evil.example/x',
      'javascript:alert(1)',
      '',
    ]) {
      expect(staysOnSite(path, origin), path).toBe(false);
    }
  });
});

describe('going back one page after signing the waiver, by the same rule', () => {
  const origin = 'http://127.0.0.1:4321';
  const back = (remembered: (string | null)[], referrer = '') =>
    returnPath({ remembered, referrer, origin, current: '/waiver', fallback: '/profile' });

  it('each page remembers itself and the page read before it; a reload keeps the page before', () => {
    expect(afterVisit({ last: null, before: null }, '/about')).toEqual({ last: '/about', before: null });
    expect(afterVisit({ last: '/about', before: null }, '/waiver')).toEqual({ last: '/waiver', before: '/about' });
    expect(afterVisit({ last: '/waiver', before: '/about' }, '/waiver?from=menu')).toEqual({ last: '/waiver?from=menu', before: '/about' });
    expect(afterVisit({ last: '/waiver', before: '/about' }, '/booking/faq')).toEqual({ last: '/booking/faq', before: '/waiver' });
  });

  it('goes back to the page read before the waiver, however the waiver was opened', () => {
    // A link in this tab: the waiver is the last page, the page before is the one read before it.
    expect(back(['/waiver', '/booking/faq?q=1', '/waiver', '/booking/faq?q=1'])).toBe('/booking/faq?q=1');
    // Typed or bookmarked in a new tab: this tab knows only the waiver; any tab's history knows the page before.
    expect(back(['/waiver', null, '/waiver', '/cancellation-policy'])).toBe('/cancellation-policy');
    // Storage off: the referrer, when it is another page of this site.
    expect(back([], 'http://127.0.0.1:4321/booking/faq')).toBe('/booking/faq');
  });

  it('goes to the profile when no other page of this site was read before', () => {
    for (const referrer of ['https://elsewhere.example/', 'http://127.0.0.1:4321/sign-in', 'http://127.0.0.1:4321/waiver?x=1', '']) {
      expect(back(['/waiver', null, '/waiver', null], referrer), referrer).toBe('/profile');
    }
    expect(back(['/waiver', 'http://127.0.0.1:4321//evil.example/x'])).toBe('/profile');
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
