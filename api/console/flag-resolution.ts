/**
 * An operator resolves a flag from the console, as `npm run refunds -- --resolve` does: what was
 * given back (cents) and how, recorded with the flag in the record of operator actions. A flag
 * resolved already is left as it was, and the answer says how it was resolved then.
 */
import type { Db, Queryable } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import type { Caller } from '../identity.ts';
import { resolveFlag } from '../bookings/flags.ts';
import { listFlags } from '../bookings/money-owed.ts';
import type { OpsFlagResolved } from '../../shared/contract/ops-answers.ts';
import type { OpsResolveFlagRequest } from '../../shared/contract/ops-requests.ts';

export const NO_SUCH_FLAG = 'There is no such flag.';

/** Resolves `flagId`; 404 when there is no such flag. */
export async function resolveFromConsole(
  db: Db,
  operator: Caller,
  flagId: string,
  { gaveBack, note }: OpsResolveFlagRequest,
): Promise<Omit<OpsFlagResolved, 'attention'>> {
  const resolved = (await resolveFlag(db, flagId, { operator, givenBack: gaveBack, note })) !== null;
  return { resolved, resolution: await resolutionOf(db, flagId) };
}

/** How a resolved flag was dealt with: by whom (by name, else their e-mail), when, the cents given back and how. */
async function resolutionOf(db: Queryable, flagId: string): Promise<OpsFlagResolved['resolution']> {
  const [flag] = await listFlags(db, { all: true, id: flagId });
  if (!flag) throw new DomainError('not-found', NO_SUCH_FLAG);
  const by = flag.resolved_by ?? '';
  const [operator] = await db.query<{ display_name: string | null }>(
    `select display_name from users where lower(email) = lower($1) order by display_name is null limit 1`,
    [by],
  );
  return {
    by: operator?.display_name?.trim() || by,
    at: flag.resolved_at ?? '',
    gaveBack: flag.given_back ?? 0,
    currency: flag.currency,
    note: flag.resolution ?? '',
  };
}
