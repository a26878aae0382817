/**
 * The production build behind a small local CDN: serves dist/ with the headers netlify.toml
 * gives each path, `/about` from `about.html`, and the 404 page with status 404.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { parse } from 'smol-toml';

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
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

interface HeaderRule {
  for: string;
  values: Record<string, string>;
}
const rules = ((parse(readFileSync('netlify.toml', 'utf8')) as { headers?: HeaderRule[] }).headers ?? []).map((rule) => ({
  pattern: new RegExp(`^${rule.for.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`),
  values: rule.values,
}));

function headersFor(path: string): Record<string, string> {
  return Object.assign({}, ...rules.filter((rule) => rule.pattern.test(path)).map((rule) => rule.values));
}

function resolveFile(path: string): string | null {
  const clean = normalize(decodeURIComponent(path)).replace(/^(\.\.[/\\])+/, '');
  const candidates = clean.endsWith('/') ? [join(clean, 'index.html')] : [clean, `${clean}.html`, join(clean, 'index.html')];
  for (const candidate of candidates) {
    const file = join(root, candidate);
    if (file.startsWith(root) && existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  const file = resolveFile(path);
  const target = file ?? join(root, '404.html');
  const status = file ? 200 : 404;
  response.writeHead(status, { ...headersFor(path), 'Content-Type': TYPES[extname(target)] ?? 'application/octet-stream' });
  if (request.method === 'HEAD' || !existsSync(target)) return void response.end(existsSync(target) ? undefined : 'Not found');
  createReadStream(target).pipe(response);
}).listen(port, host, () => console.log(`site on http://${host}:${port} (dist/ with netlify.toml headers)`));
