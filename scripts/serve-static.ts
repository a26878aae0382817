/**
 * The production build behind a small local CDN: serves dist/ with the headers Netlify would give
 * each path (netlify.toml and the built dist/_headers, whose Content-Security-Policy names the API
 * and Auth emulator this build talks to), `/about` from `about.html`, and the 404 page with status
 * 404. A policy violation shows up locally and in the browser tests.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { createGzip } from 'node:zlib';
import { headersFor, siteHeaderRules } from './headers.ts';

const root = join(process.cwd(), 'dist');
const port = Number(process.env['SITE_PORT'] ?? 4321);
const host = process.env['SITE_HOST'] ?? '127.0.0.1';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

const rules = siteHeaderRules(root);

function resolveFile(path: string): string | null {
  const clean = normalize(decodeURIComponent(path)).replace(/^(\.\.[/\\])+/, '');
  const candidates = clean.endsWith('/') ? [join(clean, 'index.html')] : [clean, `${clean}.html`, join(clean, 'index.html')];
  for (const candidate of candidates) {
    const file = join(root, candidate);
    if (file.startsWith(root) && existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

/** Text compresses on the CDN; compress it here too, so local measurements match what visitors get. */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.xml', '.txt', '.json', '.wasm']);

createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  const file = resolveFile(path);
  const target = file ?? join(root, '404.html');
  const status = file ? 200 : 404;
  const gzip = COMPRESSIBLE.has(extname(target)) && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  response.writeHead(status, {
    ...headersFor(path, rules),
    'Content-Type': TYPES[extname(target)] ?? 'application/octet-stream',
    Vary: 'Accept-Encoding',
    ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
  });
  if (request.method === 'HEAD' || !existsSync(target)) return void response.end(existsSync(target) ? undefined : 'Not found');
  const body = createReadStream(target);
  if (gzip) body.pipe(createGzip()).pipe(response);
  else body.pipe(response);
}).listen(port, host, () => console.log(`site on http://${host}:${port} (dist/ with netlify.toml headers)`));
