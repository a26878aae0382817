/**
 * Loaded with `node --import` into a booking API process: every import of shared/company/waiver-text.ts
 * resolves to waiver-next-text.ts instead, so that API runs with a new issue of the waiver text.
 */
import { registerHooks } from 'node:module';

const TODAYS_TEXT = new URL('../../shared/company/waiver-text.ts', import.meta.url).href;
const NEXT_TEXT = new URL('./waiver-next-text.ts', import.meta.url).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    // The new issue itself builds on today's text.
    return resolved.url === TODAYS_TEXT && context.parentURL !== NEXT_TEXT ? { ...resolved, url: NEXT_TEXT } : resolved;
  },
});
