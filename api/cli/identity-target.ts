/**
 * Which Firebase project an operator command talks to. Settings given are used as the API uses
 * them (the emulator for a `demo-` project only); with none at all outside production, the local
 * stack's Auth emulator and project, as `npm run dev` runs them, so a command on a laptop never
 * reaches for Google credentials it does not have.
 */
import { emulatorRuleViolation } from '../env.ts';

/** The local stack's project and Auth emulator (scripts/stack.ts, firebase.json). */
export const LOCAL_PROJECT_ID = 'demo-kamas';
export const LOCAL_AUTH_EMULATOR = '127.0.0.1:9099';

export type IdentityTarget = { projectId: string; emulatorHost: string | null } | { problem: string };

export function identityTarget(env: Record<string, string | undefined>): IdentityTarget {
  const projectId = env['FIREBASE_PROJECT_ID'] || undefined;
  const emulatorHost = env['FIREBASE_AUTH_EMULATOR_HOST'] || undefined;
  const production = env['NODE_ENV'] === 'production';
  if (!projectId && !emulatorHost) {
    if (production) return { problem: 'Set FIREBASE_PROJECT_ID (and Google credentials) for operator commands in production.' };
    return { projectId: LOCAL_PROJECT_ID, emulatorHost: LOCAL_AUTH_EMULATOR };
  }
  if (production && emulatorHost) return { problem: 'FIREBASE_AUTH_EMULATOR_HOST must not be set in production' };
  const project = projectId ?? LOCAL_PROJECT_ID;
  const violation = emulatorRuleViolation(project, emulatorHost);
  if (violation) return { problem: violation };
  return { projectId: project, emulatorHost: emulatorHost ?? null };
}
