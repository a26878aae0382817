/**
 * The Content-Security-Policy lives in netlify.toml. These helpers check the built pages against it
 * (every inline script must be allowed by hash) and widen it for the local stack (its API and Auth
 * emulator run on http://127.0.0.1).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';

export interface HeaderRule {
  for: string;
  values: Record<string, string>;
}

export function netlifyHeaderRules(tomlPath = 'netlify.toml'): HeaderRule[] {
  return (parse(readFileSync(tomlPath, 'utf8')) as { headers?: HeaderRule[] }).headers ?? [];
}

export function netlifyCsp(tomlPath = 'netlify.toml'): string {
  const csp = netlifyHeaderRules(tomlPath).find((rule) => rule.for === '/*')?.values['Content-Security-Policy'];
  if (!csp) throw new Error(`${tomlPath} has no Content-Security-Policy for /*`);
  return csp;
}

export function directiveSources(csp: string, directive: string): string[] {
  for (const part of csp.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name === directive) return sources;
  }
  return [];
}

/** sha256 sources of the inline `<script>` elements of a page, as CSP writes them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/** The policy with extra origins the local stack needs for fetches, and without the https upgrade. */
export function localizeCsp(csp: string, connectOrigins: readonly string[]): string {
  return csp
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && part !== 'upgrade-insecure-requests')
    .map((part) => (part.startsWith('connect-src ') ? `${part} ${connectOrigins.join(' ')}` : part))
    .join('; ');
}
