/**
 * What a change asks for once its transaction has committed, as the domain function that made it
 * says in its result's `after`: written here, apart from the code that carries it out
 * (./after-commit.ts), so that what the domain says depends on nothing that listens to it.
 */
import type { ClaimedAction } from './payment-outbox/actions.ts';

export interface AfterCommit {
  /** Refunds and intent cancellations claimed in the transaction, to carry out now. */
  actions?: readonly ClaimedAction[];
  /** Seats, dates or a calendar changed: the public answers are dropped. */
  seatsChanged?: boolean;
  /** Messages were written to the mail outbox. */
  mailWritten?: boolean;
  /** The dates whose seats came free: offered to their waitlists now (those dates alone), not at the sweep's next round. */
  freedDates?: readonly string[];
}

/** What several parts of one change ask for, together. */
export function mergeAfter(...asked: readonly AfterCommit[]): AfterCommit {
  const merged: AfterCommit = {};
  for (const after of asked) {
    if (after.actions?.length) merged.actions = [...(merged.actions ?? []), ...after.actions];
    if (after.freedDates?.length) merged.freedDates = [...(merged.freedDates ?? []), ...after.freedDates];
    if (after.seatsChanged) merged.seatsChanged = true;
    if (after.mailWritten) merged.mailWritten = true;
  }
  return merged;
}
