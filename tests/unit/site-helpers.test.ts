import { describe, expect, it } from 'vitest';
import { wrapIndex } from '../../src/lib/carousel.ts';
import { policyFromServer, passwordProblems } from '../../src/lib/password-policy.ts';
import { directiveSources, inlineScriptHashes, localizeCsp, netlifyCsp } from '../../scripts/csp.ts';

describe('carousel positions', () => {
  it('wrap around both ways', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(1, 3)).toBe(1);
    expect(wrapIndex(5, 0)).toBe(0);
  });
});

describe('server password rules', () => {
  it('become the checks the sign-up form makes', () => {
    const policy = policyFromServer({ minPasswordLength: 8, containsUppercaseLetter: true, containsNonAlphanumericCharacter: true });
    expect(passwordProblems('short', policy)).toEqual([
      'The password must be at least 8 characters.',
      'The password needs an uppercase letter.',
      'The password needs a symbol.',
    ]);
    expect(passwordProblems('Longer-pass', policy)).toEqual([]);
    expect(policyFromServer({})).toEqual({ minLength: 6 });
  });
});

describe('the Content-Security-Policy', () => {
  it('in netlify.toml allows exactly the origins the site talks to, and no inline script without a hash', () => {
    const csp = netlifyCsp();
    expect(directiveSources(csp, 'script-src')).toContain('https://js.stripe.com');
    expect(directiveSources(csp, 'script-src')).not.toContain("'unsafe-inline'");
    expect(directiveSources(csp, 'connect-src')).toEqual(
      expect.arrayContaining(['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://api.stripe.com']),
    );
    expect(directiveSources(csp, 'frame-ancestors')).toEqual(["'none'"]);
  });

  it('hashes inline scripts as browsers do, and skips external ones', () => {
    expect(inlineScriptHashes('<script>alert(1)</script><script src="/a.js"></script>')).toEqual([
      "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='",
    ]);
  });

  it('gains the local API and emulator origins and loses the https upgrade on the local stack', () => {
    const local = localizeCsp("default-src 'self'; connect-src 'self' https://api.example.com; upgrade-insecure-requests", [
      'http://127.0.0.1:8787',
    ]);
    expect(local).toBe("default-src 'self'; connect-src 'self' https://api.example.com http://127.0.0.1:8787");
  });
});
