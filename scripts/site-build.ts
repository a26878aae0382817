/**
 * An Astro integration for what the build must guarantee about what it ships:
 *   - a production build (Netlify sets CONTEXT=production) refuses local or demo settings, and no
 *     build ships a secret in a public variable;
 *   - every inline script of every page is one the Content-Security-Policy allows by hash;
 *   - dist/_headers carries the Content-Security-Policy made from the same settings the pages use.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { loadEnv } from 'vite';
import { contentSecurityPolicy, INLINE_SCRIPT_HASHES, inlineScriptHashes } from './csp.ts';
import { formatHeadersFile } from './headers.ts';
import { productionProblems, readSiteSettings, secretProblems, usesAuthEmulator, type SiteSettings } from './site-settings.ts';

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? htmlFiles(join(dir, entry.name)) : entry.name.endsWith('.html') ? [join(dir, entry.name)] : [],
  );
}

export function siteBuild(): AstroIntegration {
  let settings: SiteSettings | null = null;
  return {
    name: 'site-build',
    hooks: {
      'astro:config:setup': ({ command }) => {
        const mode = command === 'build' ? 'production' : 'development';
        settings = readSiteSettings({ ...loadEnv(mode, process.cwd(), 'PUBLIC_'), ...process.env });
        // The pages read the site's origin as Astro's env schema does: the address worked out here.
        process.env['PUBLIC_SITE_URL'] = settings.PUBLIC_SITE_URL;
        // The pages read the emulator address only for a demo project, so only a demo build carries one.
        if (usesAuthEmulator(settings)) process.env['PUBLIC_FIREBASE_AUTH_EMULATOR_URL'] = settings.PUBLIC_FIREBASE_AUTH_EMULATOR_URL;
        const production = process.env['CONTEXT'] === 'production';
        const problems = production ? productionProblems(settings) : secretProblems(settings);
        if (problems.length > 0) {
          const refusal = production
            ? "A production build (Netlify's production context) refuses these settings"
            : 'No build may ship these settings';
          throw new Error(`${refusal}:\n  - ${problems.join('\n  - ')}`);
        }
      },
      'astro:build:done': ({ dir, logger }) => {
        const allowed = new Set<string>(INLINE_SCRIPT_HASHES);
        const missing = new Map<string, string>();
        for (const file of htmlFiles(fileURLToPath(dir))) {
          for (const hash of inlineScriptHashes(readFileSync(file, 'utf8'))) if (!allowed.has(hash)) missing.set(hash, file);
        }
        if (missing.size > 0) {
          const list = [...missing].map(([hash, file]) => `${hash} (first in ${file})`).join('\n  ');
          throw new Error(
            `Inline scripts the Content-Security-Policy does not allow; add to INLINE_SCRIPT_HASHES in scripts/csp.ts:\n  ${list}`,
          );
        }
        if (!settings) throw new Error('the site settings were not read before the build');
        const policy = contentSecurityPolicy(settings);
        writeFileSync(
          join(fileURLToPath(dir), '_headers'),
          formatHeadersFile([{ for: '/*', values: { 'Content-Security-Policy': policy } }]),
        );
        logger.info(`dist/_headers: Content-Security-Policy for ${new URL(settings.PUBLIC_API_URL).origin}`);
      },
    },
  };
}
