/**
 * npm run dev | npm start when a part cannot start: the stack says which part failed and why, stops
 * every other part, and leaves no port held for the next start.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, expect, it } from 'vitest';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer().once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

let dataDir = '';
afterEach(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('stops every part, saying which failed and why, when one cannot start', async () => {
  const [sitePort, apiPort] = [await freePort(), await freePort()];
  dataDir = mkdtempSync(join(tmpdir(), 'kamas-stack-'));
  // A PATH with Node alone: the Auth emulator's and the mail catcher's commands are not found.
  const stack = spawn(process.execPath, ['scripts/stack.ts', 'start'], {
    env: { ...process.env, PATH: dirname(process.execPath), SITE_PORT: String(sitePort), API_PORT: String(apiPort), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  stack.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  stack.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => stack.once('exit', resolve));

  expect(code, output).toBe(1);
  expect(output).toContain('[auth] could not start: firebase was not found (npm ci installs it); stopping the stack');
  expect(output).not.toContain('Unhandled');
  expect(await canListen(sitePort)).toBe(true);
  expect(await canListen(apiPort)).toBe(true);
}, 30_000);
