/**
 * npm test: every check the project makes, in order, each on its own ports and throw-away data.
 *   (type check and lint, side by side) -> unit -> API (PGlite, and Postgres when TEST_DATABASE_URL is set) -> build -> e2e
 * Steps side by side share nothing but the machine; each one's output is printed whole once it ends.
 * Every step runs even when an earlier one fails; the last line totals the tests: "N passed, N failed".
 * First it finds the browser for the browser tests (scripts/browser.ts), installing Debian's chromium
 * when it runs as root and there is none; with no way to get one it stops at once and says how.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import { browserFacts, browserPlan, HOW_TO_GET_ONE } from './browser.ts';

interface Step {
  name: string;
  command: string;
  env?: Record<string, string>;
  report?: string;
  /** Why the step does not run, as the summary says it. */
  skipped?: string;
}

function stop(line: string): never {
  console.error(line);
  process.exit(1);
}

/** The browser for the browser tests: found, or installed when this may; else the one line saying how to get one, and nothing runs. */
function browser(): string {
  const plan = browserPlan(browserFacts());
  if (plan.action === 'use') return plan.path;
  if (plan.action === 'stop') stop(plan.message);
  console.log(`No browser for the browser tests: installing Debian's chromium (${plan.command})`);
  const install = spawnSync(plan.command, { shell: true, stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (install.status !== 0 || !existsSync(plan.path)) stop(`Installing Debian's chromium failed. ${HOW_TO_GET_ONE}`);
  return plan.path;
}

// Every step, and the browser tests' config with it, uses the browser found here.
process.env['CHROME_PATH'] = browser();

const emulator = (inner: string) =>
  `firebase emulators:exec --config tests/firebase.test.json --only auth --project demo-kamas-test "${inner}"`;
const vitest = (project: string, report: string) =>
  `vitest run --project ${project} --reporter=default --reporter=json --outputFile.json=${report}`;

/** Unit and API tests run far from Kamas, so that nothing counts days in the machine's own time zone. */
const FAR_FROM_DENVER = { TZ: 'Asia/Tokyo' };

/** The steps in order; the steps of an inner list run side by side. */
const steps: (Step | Step[])[] = [
  // Checks that time nothing, so a busy machine cannot fail them.
  [
    { name: 'type check', command: 'astro check && tsc -p api/tsconfig.json' },
    { name: 'lint', command: 'eslint . && prettier --check . && npm run deps' },
  ],
  { name: 'unit', command: vitest('unit', 'reports/unit.json'), env: FAR_FROM_DENVER, report: 'reports/unit.json' },
  {
    name: 'api on PGlite',
    command: emulator(vitest('api', 'reports/api-pglite.json')),
    env: { ...FAR_FROM_DENVER, TEST_DATABASE_URL: '' },
    report: 'reports/api-pglite.json',
  },
  {
    name: 'api on Postgres',
    command: emulator(vitest('api --project api-postgres', 'reports/api-postgres.json')),
    env: FAR_FROM_DENVER,
    report: 'reports/api-postgres.json',
    ...(process.env['TEST_DATABASE_URL']?.trim()
      ? {}
      : {
          skipped:
            'TEST_DATABASE_URL is not set; to run the API suite on Postgres too, give it a server: TEST_DATABASE_URL=postgres://user@host/db npm test',
        }),
  },
  {
    name: 'build',
    command: 'astro build',
    env: {
      PUBLIC_SITE_URL: 'http://127.0.0.1:4322',
      PUBLIC_API_URL: 'http://127.0.0.1:8788',
      PUBLIC_FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9199',
      PUBLIC_FIREBASE_PROJECT_ID: 'demo-kamas-test',
      // A key, so the map's loading paths run; the browser tests answer Google's script with stand-ins.
      PUBLIC_GOOGLE_MAPS_API_KEY: 'e2e-maps-key',
      PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_test_e2eStandIn',
      // Server secrets in the build's environment, as on a careless CI: the build output test checks none ships.
      STRIPE_SECRET_KEY: 'sk_test_buildEnvironmentSecret01',
      STRIPE_WEBHOOK_SECRET: 'whsec_buildEnvironmentSecret01',
      DATABASE_URL: 'postgres://kamas:build-environment-password@db.internal/kamas',
    },
  },
  { name: 'e2e', command: emulator('playwright test'), report: 'reports/e2e.json' },
];

function counts(report: string): { passed: number; failed: number } | null {
  if (!existsSync(report)) return null;
  const json = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests?: number;
    numFailedTests?: number;
    stats?: { expected: number; unexpected: number; flaky: number };
  };
  if (json.stats) return { passed: json.stats.expected + json.stats.flaky, failed: json.stats.unexpected };
  return { passed: json.numPassedTests ?? 0, failed: json.numFailedTests ?? 0 };
}

/** Runs one step: its output straight through when it runs alone, kept and printed whole when it ends beside others. */
function run(step: Step, alone: boolean): Promise<{ ok: boolean; seconds: string; output: string }> {
  console.log(`\n=== ${step.name}: ${step.command}`);
  const started = Date.now();
  const child = spawn(step.command, {
    shell: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', ...step.env },
  });
  const output: Buffer[] = [];
  const keep = (into: NodeJS.WriteStream) => (chunk: Buffer) => {
    output.push(chunk);
    if (alone) into.write(chunk);
  };
  child.stdout.on('data', keep(process.stdout));
  child.stderr.on('data', keep(process.stderr));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString();
      if (!alone) console.log(`\n=== ${step.name} (${seconds} s):\n${text}`);
      resolve({ ok: code === 0, seconds, output: text });
    });
  });
}

const MOST_REASONS = 8;

/**
 * Why a step failed when no test failed (an error outside any test, a hook that threw, a crash):
 * the lines of its output that say so, repeated in the summary, where a short log still shows them.
 */
function whyItFailed(output: string): string[] {
  return stripVTControlCharacters(output)
    .split('\n')
    .filter((line) => /Unhandled|Error:|error TS|FAIL |failed|Errors /.test(line))
    .slice(0, MOST_REASONS)
    .map((line) => `       ${line.trim().slice(0, 200)}`);
}

rmSync('reports', { recursive: true, force: true });
mkdirSync('reports', { recursive: true });
let passed = 0;
let failed = 0;
const lines: string[] = [];
for (const group of steps) {
  const together = Array.isArray(group) ? group : [group];
  const running = together.filter((step) => !step.skipped);
  for (const step of together.filter((each) => each.skipped)) {
    console.log(`\n=== ${step.name} is skipped: ${step.skipped}`);
    lines.push(`skip ${step.name}: ${step.skipped}`);
  }
  const results = await Promise.all(running.map((step) => run(step, running.length === 1)));
  running.forEach((step, index) => {
    const { ok, seconds, output } = results[index] ?? { ok: false, seconds: '0', output: '' };
    const tally = step.report ? counts(step.report) : null;
    if (tally) {
      passed += tally.passed;
      failed += tally.failed;
    }
    // A step that failed without a failing test to show for it (a type error, a crash) counts as one failure.
    const failedOutsideTests = !ok && (!tally || tally.failed === 0);
    if (failedOutsideTests) failed += 1;
    lines.push(`${ok ? 'ok  ' : 'FAIL'} ${step.name} (${seconds} s)${tally ? `: ${tally.passed} passed, ${tally.failed} failed` : ''}`);
    if (failedOutsideTests) lines.push(...whyItFailed(output));
  });
}
console.log(`\n${lines.join('\n')}\n`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
