/**
 * What an operator needs to see about money, as `npm run refunds` prints it: refunds and
 * cancellations still owed at the payment provider (failing ones first, with their attempts and last
 * error), and bookings flagged for a person to look at, with how each resolved one was dealt with.
 */
import { money } from '../bookings/flags.ts';
import type { FlagEntry, OutboxEntry } from '../bookings/money-owed.ts';

function outboxState(entry: OutboxEntry): string {
  if (entry.status === 'done') return 'DONE';
  if (entry.status === 'failed') return 'GAVE UP';
  return entry.last_error ? 'FAILING' : 'PENDING';
}

function outboxWhen(entry: OutboxEntry): string {
  if (entry.status === 'done') return `done ${entry.done_at ?? '?'} (${entry.result ?? 'done'})`;
  if (entry.status === 'failed') return `gave up ${entry.updated_at}, flagged for an operator`;
  return `next try ${entry.next_attempt_at}`;
}

/** `booking bk_1 on dt_1`, or `gift card KAMAS-7QX4-M2PD-9HTR`. */
const paidFor = (entry: Pick<OutboxEntry, 'booking_id' | 'date_id' | 'gift_card_code'>) =>
  entry.booking_id
    ? `booking ${entry.booking_id} on ${entry.date_id ?? 'an unknown date'}`
    : `gift card ${entry.gift_card_code ?? 'unknown'}`;

export function formatReport(outbox: readonly OutboxEntry[], flags: readonly FlagEntry[], { all = false } = {}): string {
  const lines: string[] = [];
  const pending = outbox.filter((entry) => entry.status === 'pending');
  const failing = pending.filter((entry) => entry.last_error);
  const gaveUp = outbox.filter((entry) => entry.status === 'failed');
  lines.push(
    `Payment outbox: ${pending.length} pending (${failing.length} failing)${all ? `, ${gaveUp.length} given up, ${outbox.length - pending.length - gaveUp.length} done` : ''}`,
  );
  for (const entry of outbox) {
    lines.push(
      `  ${outboxState(entry)} ${entry.kind}${entry.amount === null ? '' : ` of ${money(entry.amount, entry.currency)}`} of ${entry.intent_id} for ${paidFor(entry)} (${entry.email ?? 'no e-mail'}): ${entry.reason}`,
    );
    lines.push(`    attempts ${entry.attempts}, ${outboxWhen(entry)}, queued ${entry.created_at}`);
    if (entry.last_error) lines.push(`    last error: ${entry.last_error}`);
  }
  const open = flags.filter((flag) => !flag.resolved_at);
  lines.push('', `Flagged bookings: ${open.length} open${all ? `, ${flags.length - open.length} resolved` : ''}`);
  for (const flag of flags) {
    lines.push(
      `  ${flag.resolved_at ? 'RESOLVED' : 'OPEN'} ${flag.id} ${flag.reason} on ${paidFor(flag)} (${flag.email ?? 'no e-mail'}, ${flag.booking_status}) at ${flag.created_at}`,
    );
    lines.push(`    ${flag.detail}`);
    if (flag.resolved_at && flag.resolved_by) {
      lines.push(
        `    resolved by ${flag.resolved_by} at ${flag.resolved_at}, gave back ${money(flag.given_back, flag.currency)}: ${flag.resolution ?? ''}`,
      );
    }
  }
  return lines.join('\n');
}
