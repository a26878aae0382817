/** An Astro integration that fails the build when a page has an inline script the netlify.toml policy does not allow. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { directiveSources, inlineScriptHashes, netlifyCsp } from './csp.ts';

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? htmlFiles(join(dir, entry.name)) : entry.name.endsWith('.html') ? [join(dir, entry.name)] : [],
  );
}

export function cspCheck(): AstroIntegration {
  return {
    name: 'csp-check',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const allowed = new Set(directiveSources(netlifyCsp(), 'script-src'));
        const missing = new Map<string, string>();
        for (const file of htmlFiles(fileURLToPath(dir))) {
          for (const hash of inlineScriptHashes(readFileSync(file, 'utf8'))) if (!allowed.has(hash)) missing.set(hash, file);
        }
        if (missing.size > 0) {
          const list = [...missing].map(([hash, file]) => `${hash} (first in ${file})`).join('\n  ');
          throw new Error(`Inline scripts not allowed by the Content-Security-Policy in netlify.toml; add to script-src:\n  ${list}`);
        }
        logger.info('every inline script is allowed by the netlify.toml Content-Security-Policy');
      },
    },
  };
}
