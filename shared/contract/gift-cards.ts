/**
 * Gift cards' contract: buying one (an amount or a trip voucher, for someone, delivered when the
 * buyer says), what a code's holder sees of its card, and the console's cards.
 */
import * as v from 'valibot';
import { isCalendarDay } from '../rules/dates.ts';
import { count, instant, optionalText, text } from './answers.ts';
import { id, wholeNumber } from './requests.ts';
import { NO_PRICE_MESSAGE } from './messages.ts';
import { reasonSchema } from './ops-requests.ts';
import { opsPaymentLine } from './ops-answers.ts';

export const GIFT_MIN_DOLLARS = 25;
export const GIFT_MAX_DOLLARS = 1000;
export const GIFT_MESSAGE_MAX = 300;
export const GIFT_AMOUNT_MESSAGE = `Choose a whole number of dollars from $${GIFT_MIN_DOLLARS} to $${GIFT_MAX_DOLLARS.toLocaleString('en-US')}.`;
export const GIFT_NAME_MESSAGE = 'Enter the name of the person the gift is for.';
export const GIFT_EMAIL_MESSAGE = 'Enter the e-mail address the gift should go to.';
export const GIFT_MESSAGE_MESSAGE = `Keep the message to ${GIFT_MESSAGE_MAX} characters.`;
export const GIFT_WHEN_MESSAGE = 'Choose a day and an hour for the gift to arrive.';
export const GIFT_CODE_MESSAGE = 'Enter the code on the gift card.';
export const GIFT_CARD_EMPTY = 'This gift card has nothing left on it.';
export const GIFT_CARD_CANCELLED = 'This gift card has been cancelled and cannot be used.';
/** A trip voucher tried on a checkout for another activity than its own. */
export const voucherElsewhere = (activity: string) => `This trip voucher pays for one seat of ${activity}. Use it when you book that trip.`;

/** A trip voucher tried on a change of date's fee: it pays a seat, not a fee. */
export const VOUCHER_NOT_FOR_FEES =
  'A trip voucher pays for one seat of its trip, not for a change of date. Use a gift card of an amount, or pay by card.';

const recipientEmail = v.pipe(v.string(GIFT_EMAIL_MESSAGE), v.trim(), v.email(GIFT_EMAIL_MESSAGE), v.maxLength(254, GIFT_EMAIL_MESSAGE));

/** POST /gift-cards: what the buyer chose. The price is the server's: an amount in whole dollars, or a voucher at today's price. */
export const giftPurchaseSchema = v.strictObject({
  gift: v.variant(
    'kind',
    [
      v.strictObject({ kind: v.literal('amount'), dollars: wholeNumber(GIFT_MIN_DOLLARS, GIFT_MAX_DOLLARS, GIFT_AMOUNT_MESSAGE) }),
      v.strictObject({ kind: v.literal('voucher'), priceId: id(NO_PRICE_MESSAGE) }),
    ],
    'Choose an amount or a trip.',
  ),
  recipientName: v.pipe(
    v.string(GIFT_NAME_MESSAGE),
    v.trim(),
    v.nonEmpty(GIFT_NAME_MESSAGE),
    v.maxLength(80, 'Keep the name to 80 characters.'),
  ),
  message: v.optional(v.pipe(v.string(GIFT_MESSAGE_MESSAGE), v.trim(), v.maxLength(GIFT_MESSAGE_MAX, GIFT_MESSAGE_MESSAGE)), ''),
  /** Now, on a Kamas day and hour, or to the buyer to print (then the recipient's address is not asked). */
  delivery: v.variant(
    'when',
    [
      v.strictObject({ when: v.literal('now'), recipientEmail }),
      v.strictObject({
        when: v.literal('on'),
        recipientEmail,
        day: v.pipe(v.string(GIFT_WHEN_MESSAGE), v.check(isCalendarDay, GIFT_WHEN_MESSAGE)),
        hour: wholeNumber(0, 23, GIFT_WHEN_MESSAGE),
      }),
      v.strictObject({ when: v.literal('print') }),
    ],
    'Choose when the gift should arrive.',
  ),
});
export type GiftPurchaseRequest = v.InferInput<typeof giftPurchaseSchema>;

/** POST /gift-cards: the card waiting for its payment, and the payment to confirm (cents) with the provider that takes it. */
export const giftPurchaseAnswer = v.looseObject({
  giftCardId: text,
  clientSecret: text,
  amount: count,
  currency: text,
  provider: v.picklist(['local', 'stripe']),
});

/** POST /gift-cards/balance: a code, typed any way (in the body, so that no address or log keeps it). */
export const giftBalanceRequest = v.strictObject({
  code: v.pipe(v.string(GIFT_CODE_MESSAGE), v.trim(), v.nonEmpty(GIFT_CODE_MESSAGE), v.maxLength(60, GIFT_CODE_MESSAGE)),
});

/** What is left on a card (cents) and each use, with no names. */
const cardBalanceEntries = {
  kind: v.picklist(['amount', 'voucher']),
  /** The activity a voucher pays one seat of, and its id. */
  activity: optionalText,
  activityId: optionalText,
  balance: count,
  currency: text,
  /** Cents of the value that are a promotional bonus, and the day that part ends (YYYY-MM-DD), if it does. */
  bonus: count,
  bonusEndsOn: optionalText,
  uses: v.array(v.looseObject({ at: instant, amount: count, what: v.picklist(['spent', 'given back']) })),
};

/** POST /gift-cards/balance: what is left on a card and each use; asked signed in, whether the caller keeps it on their account. */
export const giftBalanceAnswer = v.looseObject({ ...cardBalanceEntries, onYourAccount: v.boolean() });

/** GET /gift-cards/mine: the cards kept on the caller's account, newest first, each with its code. */
export const keptGiftCardsAnswer = v.array(v.looseObject({ ...cardBalanceEntries, code: text }));

/** PUT /gift-cards/given/{giftCardId}/delivery: a gift not sent yet goes to another address, or at another time, or now. */
export const giftDeliveryChangeSchema = v.variant(
  'when',
  giftPurchaseSchema.entries.delivery.options.filter((option) => option.entries.when.literal !== 'print') as [
    (typeof giftPurchaseSchema.entries.delivery.options)[0],
    (typeof giftPurchaseSchema.entries.delivery.options)[1],
  ],
  'Choose when the gift should arrive.',
);
export type GiftDeliveryChange = v.InferInput<typeof giftDeliveryChangeSchema>;

/** A gift the caller bought, as My Bookings lists it (cents). */
export const givenGiftCardAnswer = v.looseObject({
  id: text,
  recipientName: text,
  recipientEmail: optionalText,
  kind: v.picklist(['amount', 'voucher']),
  activity: optionalText,
  value: count,
  currency: text,
  /** E-mailed by us, or printed by the buyer. */
  delivery: v.picklist(['email', 'print']),
  deliverAt: v.nullable(instant),
  deliveredAt: v.nullable(instant),
  /** The code, once the gift was delivered, or at once for one to print; null while it waits to be sent. */
  code: optionalText,
});

/** GET /gift-cards/given: the gifts the caller bought and paid for, newest first. */
export const givenGiftCardsAnswer = v.array(givenGiftCardAnswer);

// ---- The console ----

export const OFFICE_GIFT_DOLLARS_MESSAGE = `Choose a whole number of dollars from $1 to $${GIFT_MAX_DOLLARS.toLocaleString('en-US')}.`;
export const ADJUSTMENT_MESSAGE = 'The change must be a whole number of cents, more or less than nothing, up to $1,000 either way.';
export const GIFT_SEARCH_MESSAGE = 'Type a gift card code or an e-mail address (up to 100 characters).';

/** GET /ops/gift-cards?q=: a code, or part of the buyer's or recipient's e-mail. */
export const opsGiftSearchSchema = v.pipe(
  v.string(GIFT_SEARCH_MESSAGE),
  v.trim(),
  v.nonEmpty(GIFT_SEARCH_MESSAGE),
  v.maxLength(100, GIFT_SEARCH_MESSAGE),
);

/** POST /ops/gift-cards: a card issued with no payment, to a name (and an address to find it by), for a reason. */
export const opsGiftIssueSchema = v.strictObject({
  dollars: wholeNumber(1, GIFT_MAX_DOLLARS, OFFICE_GIFT_DOLLARS_MESSAGE),
  recipientName: giftPurchaseSchema.entries.recipientName,
  recipientEmail: v.optional(v.nullable(recipientEmail), null),
  reason: reasonSchema,
});

/** POST /ops/gift-cards/{cardId}/adjustment: cents added (or taken, negative) to the balance the operator saw, for a reason. */
export const opsGiftAdjustSchema = v.strictObject({
  cents: v.pipe(
    v.number(ADJUSTMENT_MESSAGE),
    v.integer(ADJUSTMENT_MESSAGE),
    v.minValue(-100_000, ADJUSTMENT_MESSAGE),
    v.maxValue(100_000, ADJUSTMENT_MESSAGE),
    v.check((value) => value !== 0, ADJUSTMENT_MESSAGE),
  ),
  balanceSeen: wholeNumber(0, 100_000_000, 'Open the card again to see its balance.'),
  reason: reasonSchema,
});

/** A card as the console lists it (cents). */
export const opsGiftCardAnswer = v.looseObject({
  id: text,
  code: text,
  kind: v.picklist(['amount', 'voucher']),
  activity: optionalText,
  status: v.picklist(['pending', 'active', 'void']),
  origin: v.picklist(['purchase', 'issue', 'credit']),
  value: count,
  balance: v.pipe(v.number(), v.integer()),
  currency: text,
  recipientName: text,
  recipientEmail: optionalText,
  buyerEmail: optionalText,
  createdAt: instant,
  deliverAt: v.nullable(instant),
  deliveredAt: v.nullable(instant),
});

export const opsGiftCardsAnswer = v.array(opsGiftCardAnswer);

/** GET /ops/gift-cards/{cardId}: the card and every change of its balance, oldest first. */
export const opsGiftLedgerAnswer = v.looseObject({
  card: opsGiftCardAnswer,
  /** A bought card's own payment given back or its intent cancelled, and the office's open questions about it. */
  payments: v.array(opsPaymentLine),
  openFlags: v.array(text),
  ledger: v.array(
    v.looseObject({
      at: instant,
      kind: v.picklist(['issue', 'purchase', 'hold', 'release', 'spend', 'refund-back', 'credit', 'adjustment', 'void']),
      amount: v.pipe(v.number(), v.integer()),
      reason: text,
      causedBy: text,
      bookingId: optionalText,
    }),
  ),
});

/** GET /ops/gift-cards/outstanding: the liability now, this season's figures (cents), and cards unused for over a year. */
export const opsGiftOutstandingAnswer = v.looseObject({
  outstanding: v.pipe(v.number(), v.integer()),
  season: text,
  sold: count,
  used: v.pipe(v.number(), v.integer()),
  credited: count,
  longUnused: opsGiftCardsAnswer,
});
