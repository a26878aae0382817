/**
 * The browser the browser tests and the benchmarks run in, found in one place for
 * playwright.config.ts, npm test (scripts/test.ts) and the benchmarks (scripts/processes.ts,
 * scripts/bench-site.ts): CHROME_PATH when set, else Debian's Chromium, else Playwright's own when
 * it is installed. With none, npm test installs Debian's chromium when it may (root, apt-get), as
 * .ci/run does; anywhere else it stops at once with one line saying how to get a browser.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Debian's Chromium and the fonts it recommends, so pages lay out as on a visitor's machine. */
export const APT_INSTALL = 'apt-get update -qq && apt-get install -y -qq --no-install-recommends chromium fonts-liberation';

export const HOW_TO_GET_ONE =
  "No browser for the browser tests: install Debian's Chromium (sudo apt-get install chromium), or Playwright's (npx playwright install chromium), or set CHROME_PATH to a Chrome or Chromium.";

/** The flags Chromium needs on a machine with no network and no sandbox. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** What the machine has. */
export interface BrowserFacts {
  /** CHROME_PATH, when set, and whether a file is there. */
  chromePath: { path: string; exists: boolean } | null;
  /** Whether Debian's Chromium is installed. */
  debianChromium: boolean;
  /** Playwright's own Chromium when it is installed, else null. */
  playwrightChromium: string | null;
  /** Whether this process may install packages: root, with apt-get. */
  canInstall: boolean;
}

export type BrowserPlan =
  { action: 'use'; path: string } | { action: 'install'; command: string; path: string } | { action: 'stop'; message: string };

/** What to do for a browser, given what the machine has. */
export function browserPlan(facts: BrowserFacts): BrowserPlan {
  if (facts.chromePath) {
    return facts.chromePath.exists
      ? { action: 'use', path: facts.chromePath.path }
      : { action: 'stop', message: `CHROME_PATH is ${facts.chromePath.path}, where there is no browser. ${HOW_TO_GET_ONE}` };
  }
  if (facts.debianChromium) return { action: 'use', path: DEBIAN_CHROMIUM };
  if (facts.playwrightChromium) return { action: 'use', path: facts.playwrightChromium };
  if (facts.canInstall) return { action: 'install', command: APT_INSTALL, path: DEBIAN_CHROMIUM };
  return { action: 'stop', message: HOW_TO_GET_ONE };
}

/** Where Playwright keeps its own Chromium, when it is installed. */
function playwrightChromium(): string | null {
  try {
    const { chromium } = createRequire(import.meta.url)('playwright-core') as { chromium: { executablePath: () => string } };
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

/** What this machine has now. */
export function browserFacts(env: NodeJS.ProcessEnv = process.env): BrowserFacts {
  const chromePath = env['CHROME_PATH']?.trim();
  return {
    chromePath: chromePath ? { path: chromePath, exists: existsSync(chromePath) } : null,
    debianChromium: existsSync(DEBIAN_CHROMIUM),
    playwrightChromium: playwrightChromium(),
    canInstall: process.getuid?.() === 0 && existsSync('/usr/bin/apt-get'),
  };
}

/** The browser to run now, without installing one; null when there is none. */
export function findBrowser(): string | null {
  const plan = browserPlan({ ...browserFacts(), canInstall: false });
  return plan.action === 'use' ? plan.path : null;
}

/** The browser to run now, or an error saying how to get one (for the benchmarks). */
export function requireBrowser(): string {
  const plan = browserPlan({ ...browserFacts(), canInstall: false });
  if (plan.action === 'use') return plan.path;
  throw new Error(plan.action === 'stop' ? plan.message : HOW_TO_GET_ONE);
}
