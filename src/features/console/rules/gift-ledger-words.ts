/** A gift card's ledger and state in the console's words: what each change was and who or what made it. */
import { bookingReference } from '../../../../shared/rules/booking-reference.ts';

export type LedgerKind = 'issue' | 'purchase' | 'hold' | 'release' | 'spend' | 'refund-back' | 'credit' | 'adjustment' | 'void';

const KIND_WORDS: Record<LedgerKind, string> = {
  issue: 'Issued by the office',
  purchase: 'Bought',
  hold: 'Held for a checkout',
  release: 'Given back: the checkout ended unpaid',
  spend: 'Spent on a booking',
  'refund-back': 'Refunded onto the card',
  credit: 'Credit instead of a refund',
  adjustment: 'Adjusted',
  void: 'Cancelled',
};

export const ledgerKindWords = (kind: LedgerKind): string => KIND_WORDS[kind];

/** Who or what made a change: the office, the customer, a card payment, a booking (by its reference), or the site itself. */
export function causedByWords(causedBy: string): string {
  const [source, id] = causedBy.split(/:(.*)/s);
  if (source === 'operator') return 'An operator';
  if (source === 'customer') return 'The customer at checkout';
  if (source === 'payment') return 'A card payment';
  if (source === 'booking' && id) return `Booking ${bookingReference(id)}`;
  return 'The site';
}

export const GIFT_STATUS_WORDS = { pending: 'Waiting for its payment', active: 'In use', void: 'Cancelled' } as const;
export const GIFT_ORIGIN_WORDS = { purchase: 'Bought', issue: 'Issued by the office', credit: 'Credit instead of a refund' } as const;
