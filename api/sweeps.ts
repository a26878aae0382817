/**
 * Every periodic sweep of an API instance, in one list, each run the same way: on its own timer, one
 * run at a time in the instance (./periodic.ts); across instances, each claims its rows with
 * `for update skip locked`, so that two never do the same work; and what a run asks for once its
 * transaction has committed (refunds and cancellations at the provider, fresh public answers, the
 * mailer woken) is carried out through ./after-commit.ts, as a request's is.
 */
import { afterCommit, type Aftermath } from './after-commit.ts';
import { offerSettings, type OfferingAftermath } from './waitlist/freed-seats.ts';
import { mergeAfter, type AfterCommit } from './commit-effects.ts';
import type { Identity } from './identity.ts';
import { releaseHoldsOfClosedAccounts, releaseLapsedHolds } from './bookings/hold-sweeps.ts';
import { refundUnchosen } from './bookings/call-off.ts';
import { runDueActions } from './payment-outbox/worker.ts';
import { sweepRateLimits } from './limits/rate-limit.ts';
import { offerFreedSeats } from './waitlist/offers.ts';
import { retireVouchers } from './gift-cards/retired-vouchers.ts';
import { endBonuses } from './gift-cards/bonus-ends.ts';
import { endUnpaidCards } from './gift-cards/payment-back.ts';
import { remindGiftCards } from './gift-cards/reminders.ts';
import { remindToFile } from './reports/reminders.ts';
import { repeatEvery } from './periodic.ts';

/** What the sweeps work with: the after-commit path's needs, the identity service, and the mail worker. */
export interface SweepDeps extends OfferingAftermath {
  identity: Identity;
  mailer: { run(): Promise<void>; kick(): void };
}

/** Carries out what a run asks for after its commit. */
type CarryOut = (after: AfterCommit) => Promise<void>;

interface Sweep {
  name: string;
  everyMs: number;
  /** Run at start too, for work a previous run of the API left. */
  atStart?: boolean;
  run(deps: SweepDeps, carryOut: CarryOut): Promise<unknown>;
}

export const SWEEPS: readonly Sweep[] = [
  // Refunds and cancellations still owed at the provider.
  { name: 'payment outbox', everyMs: 30_000, atStart: true, run: ({ db, payments }) => runDueActions(db, payments) },
  { name: 'rate-limit sweep', everyMs: 10 * 60_000, run: ({ db }) => sweepRateLimits(db) },
  // Holds that can no longer stand give up their payment intents, so none is paid later at old terms.
  // Waitlist offers that ran out end with their holds, and their seats go to the next in line.
  { name: 'hold sweep', everyMs: 15_000, run: (deps) => sweepHolds(deps, deps.identity) },
  // Seats free anywhere that no change offered (a capacity raised, an offer that could not be made) go to the waitlist.
  {
    name: 'waitlist',
    everyMs: 15_000,
    run: async (deps, carryOut) => {
      const { offered } = await offerFreedSeats(deps.db, offerSettings(deps));
      if (offered > 0) await carryOut({ seatsChanged: true, mailWritten: true });
    },
  },
  // Messages due now: reminders, briefings, retries.
  { name: 'mail outbox', everyMs: 30_000, atStart: true, run: ({ mailer }) => mailer.run() },
  // Called-off bookings past their deadline are refunded in full.
  {
    name: 'called-off refunds',
    everyMs: 60_000,
    atStart: true,
    run: async ({ db }, carryOut) => {
      const actions = await refundUnchosen(db);
      if (actions.length > 0) await carryOut({ actions, seatsChanged: true, mailWritten: true });
    },
  },
  // Gift cards bought and never paid for end after a day, their payment intents cancelled.
  {
    name: 'unpaid gift cards',
    everyMs: 60 * 60_000,
    atStart: true,
    run: async ({ db }, carryOut) => {
      const actions = await endUnpaidCards(db);
      if (actions.length > 0) await carryOut({ actions });
    },
  },
  // Trip vouchers of trips no longer sold become amount cards of what was paid for them.
  { name: 'retired vouchers', everyMs: 60 * 60_000, atStart: true, run: ({ db }) => retireVouchers(db) },
  // Credits' promotional bonuses past their last day come off the cards, what is left of them.
  { name: 'ended bonuses', everyMs: 60 * 60_000, atStart: true, run: ({ db }) => endBonuses(db) },
  // In the two weeks before a season, a reminder to holders of gift cards with something left on them.
  {
    name: 'gift card reminders',
    everyMs: 60 * 60_000,
    atStart: true,
    run: async ({ db }, carryOut) => {
      if ((await remindGiftCards(db)) > 0) await carryOut({ mailWritten: true });
    },
  },
  // After a permit season, a reminder to the operators to file its actual use report, and again a week before it is due.
  {
    name: 'actual use reminders',
    everyMs: 60 * 60_000,
    atStart: true,
    run: async ({ db, identity }, carryOut) => {
      if ((await remindToFile(db, identity)) > 0) await carryOut({ mailWritten: true });
    },
  },
];

/**
 * The hold sweep: what lapsed (holds and waitlist offers), then the holds of accounts closed while
 * holding seats. What lapsed is carried out (intents cancelled, freed seats offered, messages woken)
 * before the identity service is asked anything, so that its being unreachable delays none of it (a
 * claimed cancellation not carried out waits for the payment outbox). Returns how many holds were released.
 */
export async function sweepHolds(aftermath: Aftermath, identity: Identity): Promise<number> {
  const { db } = aftermath;
  const lapsed = await releaseLapsedHolds(db);
  await afterCommit(aftermath, mergeAfter({ actions: lapsed.cancels }, lapsed.after));
  const closed = await releaseHoldsOfClosedAccounts(db, identity);
  await afterCommit(aftermath, { actions: closed.cancels, seatsChanged: closed.released > 0 });
  return lapsed.released + closed.released;
}

/** Starts every sweep on its timer; `stop` waits for the runs in flight. */
export function startSweeps(deps: SweepDeps): { stop(): Promise<void> } {
  const carryOut: CarryOut = (after) => afterCommit(deps, after);
  const running = SWEEPS.map((sweep) => repeatEvery(sweep.everyMs, sweep.name, () => sweep.run(deps, carryOut), { runNow: sweep.atStart }));
  return {
    async stop() {
      await Promise.all(running.map((periodic) => periodic.stop()));
    },
  };
}
