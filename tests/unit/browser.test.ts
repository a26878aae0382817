import { describe, expect, it } from 'vitest';
import { APT_INSTALL, browserPlan, DEBIAN_CHROMIUM, HOW_TO_GET_ONE, type BrowserFacts } from '../../scripts/browser.ts';

const NOTHING: BrowserFacts = { chromePath: null, debianChromium: false, playwrightChromium: null, canInstall: false };
const PLAYWRIGHTS = '/root/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';

describe('the browser for the browser tests', () => {
  it('is the one CHROME_PATH names, before any other', () => {
    expect(browserPlan({ ...NOTHING, chromePath: { path: '/opt/chrome/chrome', exists: true }, debianChromium: true })).toEqual({
      action: 'use',
      path: '/opt/chrome/chrome',
    });
  });

  it('is never another one when CHROME_PATH names none: it stops, saying so in one line', () => {
    const plan = browserPlan({ ...NOTHING, chromePath: { path: '/opt/missing', exists: false }, debianChromium: true, canInstall: true });
    expect(plan).toEqual({ action: 'stop', message: expect.stringContaining('CHROME_PATH is /opt/missing') });
    expect(plan.action === 'stop' && plan.message).not.toContain('\n');
  });

  it("is Debian's Chromium, else Playwright's own when it is installed", () => {
    expect(browserPlan({ ...NOTHING, debianChromium: true, playwrightChromium: PLAYWRIGHTS })).toEqual({
      action: 'use',
      path: DEBIAN_CHROMIUM,
    });
    expect(browserPlan({ ...NOTHING, playwrightChromium: PLAYWRIGHTS, canInstall: true })).toEqual({ action: 'use', path: PLAYWRIGHTS });
  });

  it("with none, is Debian's chromium installed by apt-get when npm test runs as root, as CI does", () => {
    expect(browserPlan({ ...NOTHING, canInstall: true })).toEqual({ action: 'install', command: APT_INSTALL, path: DEBIAN_CHROMIUM });
    expect(APT_INSTALL).toMatch(/^apt-get update .*&& apt-get install -y .*\bchromium\b/);
  });

  it('with none and no way to install one, stops at once with one line saying how to get one', () => {
    expect(browserPlan(NOTHING)).toEqual({ action: 'stop', message: HOW_TO_GET_ONE });
    expect(HOW_TO_GET_ONE).not.toContain('\n');
    for (const way of ['apt-get install chromium', 'npx playwright install chromium', 'CHROME_PATH']) expect(HOW_TO_GET_ONE).toContain(way);
  });
});
