/**
 * The response headers of the deployed site: the fixed ones in netlify.toml, and the
 * Content-Security-Policy the build writes to dist/_headers. Netlify applies both; the local CDN
 * server (scripts/serve-static.ts) and the header tests read them the same way.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'smol-toml';

export interface HeaderRule {
  for: string;
  values: Record<string, string>;
}

export function netlifyHeaderRules(tomlPath = 'netlify.toml'): HeaderRule[] {
  return (parse(readFileSync(tomlPath, 'utf8')) as { headers?: HeaderRule[] }).headers ?? [];
}

/** Netlify's `_headers` format: a path, then its headers indented below it. */
export function formatHeadersFile(rules: readonly HeaderRule[]): string {
  return rules
    .map((rule) => [rule.for, ...Object.entries(rule.values).map(([name, value]) => `  ${name}: ${value}`)].join('\n'))
    .join('\n\n')
    .concat('\n');
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ for: line.trim(), values: {} });
      continue;
    }
    const separator = line.indexOf(':');
    const rule = rules.at(-1);
    if (rule && separator > 0) rule.values[line.slice(0, separator).trim()] = line.slice(separator + 1).trim();
  }
  return rules;
}

/** Every rule the deployed site applies: netlify.toml's, then the built `_headers` file's when there is one. */
export function siteHeaderRules(distDir = 'dist', tomlPath = 'netlify.toml'): HeaderRule[] {
  const file = `${distDir}/_headers`;
  return [...netlifyHeaderRules(tomlPath), ...(existsSync(file) ? parseHeadersFile(readFileSync(file, 'utf8')) : [])];
}

/** The headers a path gets: every matching rule, later rules adding to earlier ones. */
export function headersFor(path: string, rules: readonly HeaderRule[]): Record<string, string> {
  const matching = rules.filter((rule) =>
    new RegExp(`^${rule.for.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(path),
  );
  return Object.assign({}, ...matching.map((rule) => rule.values));
}
