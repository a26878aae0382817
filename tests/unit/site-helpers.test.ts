import { describe, expect, it } from 'vitest';
import { wrapIndex } from '../../src/lib/carousel.ts';
import { policyFromServer, passwordProblems } from '../../src/lib/password-policy.ts';
import { inlineScriptHashes } from '../../scripts/csp.ts';

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

describe('inline script hashes', () => {
  it('are computed as browsers do, skipping external scripts', () => {
    expect(inlineScriptHashes('<script>alert(1)</script><script src="/a.js"></script>')).toEqual([
      "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='",
    ]);
  });
});
