/** Starting the pieces of the stack as child processes, for benchmarks and tests. */
import { spawn, type ChildProcess } from 'node:child_process';

/** Debian's Chromium, and the flags it needs on a machine with no network and no sandbox. */
export const CHROMIUM_PATH = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Starts `node api/server.ts` on a free port and resolves once it listens, with its base URL. */
export function startApiProcess(env: Record<string, string>, timeoutMs = 20_000): Promise<{ base: string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['api/server.ts'], {
      env: { ...process.env, API_PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the API did not start: ${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /booking API on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ base: match[1], child });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the API exited with ${code}: ${output}`));
    });
  });
}
