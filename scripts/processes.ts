/** Starting the pieces of the stack as child processes, for benchmarks and tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import type { LaunchedChrome } from 'chrome-launcher';
import { CHROMIUM_ARGS, requireBrowser } from './browser.ts';

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

/** Stops a process started here and waits until it has closed (nothing to do when it already has). */
export async function stopProcess(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const closed = new Promise((resolve) => child.once('close', resolve));
  child.kill();
  await closed;
}

/** Starts the browser headless for Lighthouse, with a debugging port. */
export async function startChrome(): Promise<LaunchedChrome> {
  const chromeLauncher = await import('chrome-launcher');
  return chromeLauncher.launch({ chromePath: requireBrowser(), chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
}
