/**
 * npm run dev | npm start: the whole local stack in one command, offline.
 *   - Firebase Auth emulator (demo project, users kept in .data/auth between runs)
 *   - the mail catcher (maildev): the site's messages land in its inbox at http://127.0.0.1:1080, kept in .data/mail,
 *     and so do the Auth emulator's (scripts/emulator-mail.ts)
 *   - the booking API on PGlite in .data/pglite (migrated, seeded on first start), sending its mail to the catcher
 *   - the site: Astro's dev server (dev) or the production build behind the local CDN server (start)
 * Ctrl-C stops all of them; the emulator saves its users on the way out.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { LOCAL_AUTH_EMULATOR, LOCAL_PROJECT_ID } from '../api/cli/identity-target.ts';

const mode = process.argv[2] === 'start' ? 'start' : 'dev';
const sitePort = process.env['SITE_PORT'] ?? '4321';
const apiPort = process.env['API_PORT'] ?? '8787';
const projectId = process.env['FIREBASE_PROJECT_ID'] ?? LOCAL_PROJECT_ID;
/** Where firebase.json puts the Auth emulator. The API trusts its unsigned tokens only because it is named here. */
const authEmulator = LOCAL_AUTH_EMULATOR;
const authDir = '.data/auth';
mkdirSync(authDir, { recursive: true });

const emulatorArgs = ['emulators:start', '--only', 'auth', '--project', projectId, '--export-on-exit', authDir];
if (existsSync(`${authDir}/firebase-export-metadata.json`)) emulatorArgs.push('--import', authDir);

const mailDir = '.data/mail';
mkdirSync(mailDir, { recursive: true });
/** The catcher's SMTP port is the API's default mail server outside production (LOCAL_MAIL_CATCHER). */
const mailArgs = ['--smtp', '1025', '--ip', '127.0.0.1', '--web', '1080', '--web-ip', '127.0.0.1', '--mail-directory', mailDir, '--silent'];

const services: [name: string, command: string, args: string[], env?: Record<string, string>][] = [
  ['auth', 'firebase', emulatorArgs],
  ['mail', 'maildev', mailArgs],
  // The Auth emulator's e-mails (confirm an address, a new password) to the same inbox.
  [
    'auth-mail',
    process.execPath,
    ['scripts/emulator-mail.ts'],
    { FIREBASE_PROJECT_ID: projectId, FIREBASE_AUTH_EMULATOR_HOST: authEmulator },
  ],
  [
    'api',
    process.execPath,
    ['api/server.ts'],
    { API_PORT: apiPort, FIREBASE_PROJECT_ID: projectId, FIREBASE_AUTH_EMULATOR_HOST: authEmulator },
  ],
  mode === 'dev'
    ? ['site', 'astro', ['dev', '--port', sitePort]]
    : ['site', process.execPath, ['scripts/serve-static.ts'], { SITE_PORT: sitePort }],
];

const children: ChildProcess[] = [];
let stopping = false;

function prefix(name: string, chunk: Buffer) {
  for (const line of chunk.toString().split('\n')) if (line.trim()) process.stdout.write(`[${name}] ${line}\n`);
}

/** A part still running: it started (a command not found never does) and has not exited. */
const running = (child: ChildProcess) => child.pid !== undefined && child.exitCode === null && child.signalCode === null;

function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (running(child)) child.kill('SIGINT');
  // The emulator writes its export on SIGINT; give everything a moment, then insist.
  const deadline = setTimeout(() => {
    for (const child of children) if (running(child)) child.kill('SIGKILL');
    process.exit(code);
  }, 10_000);
  Promise.all(children.map((child) => (running(child) ? new Promise((resolve) => child.once('exit', resolve)) : null))).then(() => {
    clearTimeout(deadline);
    process.exit(code);
  });
}

/** One part failed: say which and why, and stop every other part with it. */
function failed(name: string, why: string) {
  if (stopping) return;
  console.error(`[${name}] ${why}; stopping the stack`);
  stopAll(1);
}

for (const [name, command, args, env] of services) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  child.stdout?.on('data', (chunk: Buffer) => prefix(name, chunk));
  child.stderr?.on('data', (chunk: Buffer) => prefix(name, chunk));
  // A command that cannot start (not installed, not executable) is an error, not an exit.
  child.on('error', (error: NodeJS.ErrnoException) =>
    failed(
      name,
      error.code === 'ENOENT' ? `could not start: ${command} was not found (npm ci installs it)` : `could not start: ${error.message}`,
    ),
  );
  child.on('exit', (code, signal) => failed(name, `exited with ${signal ?? code}`));
  if (stopping) break;
}

console.log(
  `Site http://127.0.0.1:${sitePort}  API http://127.0.0.1:${apiPort}  Auth emulator http://${authEmulator}  Mail http://127.0.0.1:1080  (Ctrl-C stops all)`,
);
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
