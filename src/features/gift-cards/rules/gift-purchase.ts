/**
 * Buying a gift card, as the form on /gift-cards asks it: what the buyer typed, read into the request
 * POST /gift-cards takes (checked by the contract's own schema, so each field shows the contract's
 * words), the trips a voucher may be for, and the summary the payment step shows.
 */
import * as v from 'valibot';
import { giftDeliveryChangeSchema, giftPurchaseSchema } from '../../../../shared/contract/gift-cards.ts';
import type { Product } from '../../../../shared/contract/answers.ts';
import { CLASS_PRODUCT_TITLE, DAY_TOUR_PRODUCT_TITLE } from '../../../../shared/company/site.ts';
import { denverDay, denverDayPlus, denverInstant, formatDenverDateTime } from '../../../../shared/rules/dates.ts';
import { formatDollars, formatMoney } from '../../../../shared/rules/pricing.ts';

export type GiftKind = 'amount' | 'voucher';
export type GiftWhen = 'now' | 'on' | 'print';

/** The form as typed: every field a string, as its control holds it. */
export interface GiftForm {
  kind: GiftKind;
  dollars: string;
  priceId: string;
  recipientName: string;
  when: GiftWhen;
  recipientEmail: string;
  /** 'YYYY-MM-DD', a Kamas day. */
  day: string;
  /** '0' to '23', a Kamas hour. */
  hour: string;
  message: string;
}

/** When and where the gift goes, as typed: the part of the form a gift not sent yet may still change. */
export type GiftDeliveryForm = Pick<GiftForm, 'when' | 'recipientEmail' | 'day' | 'hour'>;

export const EMPTY_GIFT_FORM: GiftForm = {
  kind: 'amount',
  dollars: '',
  priceId: '',
  recipientName: '',
  when: 'now',
  recipientEmail: '',
  day: '',
  hour: '8',
  message: '',
};

/** The fields a message shows beside. */
export type GiftField = 'gift' | 'dollars' | 'priceId' | 'recipientName' | 'when' | 'recipientEmail' | 'message';
export type GiftErrors = Partial<Record<GiftField, string>>;

export type GiftRequest = v.InferOutput<typeof giftPurchaseSchema>;

/** Whole dollars as typed ('150', '$1,000'); anything else stays a number the schema refuses. */
function dollarsOf(typed: string): number {
  const plain = typed.trim().replace(/^\$/, '').replaceAll(',', '');
  return plain === '' ? Number.NaN : Number(plain);
}

/** When and where, in the shape of the request (the recipient's address only when we deliver it). */
function deliveryInput(form: GiftDeliveryForm): unknown {
  if (form.when === 'print') return { when: 'print' };
  if (form.when === 'now') return { when: 'now', recipientEmail: form.recipientEmail };
  return { when: 'on', recipientEmail: form.recipientEmail, day: form.day, hour: form.hour === '' ? Number.NaN : Number(form.hour) };
}

/** What the form asks for, in the shape of the request. */
function requestInput(form: GiftForm): unknown {
  const gift = form.kind === 'amount' ? { kind: 'amount', dollars: dollarsOf(form.dollars) } : { kind: 'voucher', priceId: form.priceId };
  return { gift, recipientName: form.recipientName, message: form.message, delivery: deliveryInput(form) };
}

/** The field an issue of the schema is about, by its path. */
function fieldOf(keys: readonly unknown[]): GiftField {
  const [first, second] = keys;
  if (first === 'gift') return second === 'dollars' ? 'dollars' : second === 'priceId' ? 'priceId' : 'gift';
  if (first === 'delivery') return second === 'recipientEmail' ? 'recipientEmail' : 'when';
  if (first === 'recipientName' || first === 'message') return first;
  return 'gift';
}

/** The request to send, or the contract's message for each field that is wrong (the first for each). */
export function giftRequest(form: GiftForm): { ok: true; request: GiftRequest } | { ok: false; errors: GiftErrors } {
  const checked = v.safeParse(giftPurchaseSchema, requestInput(form));
  if (checked.success) return { ok: true, request: checked.output };
  const errors: GiftErrors = {};
  for (const issue of checked.issues) {
    const field = fieldOf((issue.path ?? []).map((item) => item.key));
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

export type GiftDeliveryChange = v.InferOutput<typeof giftDeliveryChangeSchema>;

/** A gift not sent yet, sent elsewhere or at another time: the request to send, or the contract's message for each field. */
export function deliveryChange(
  form: GiftDeliveryForm,
): { ok: true; change: GiftDeliveryChange } | { ok: false; errors: Pick<GiftErrors, 'when' | 'recipientEmail'> } {
  const checked = v.safeParse(giftDeliveryChangeSchema, deliveryInput(form));
  if (checked.success) return { ok: true, change: checked.output };
  const errors: Pick<GiftErrors, 'when' | 'recipientEmail'> = {};
  for (const issue of checked.issues) {
    const field = issue.path?.[0]?.key === 'recipientEmail' ? 'recipientEmail' : 'when';
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Of the messages shown, those whose fields are still wrong in the form as it is now (each in its current words). */
export function stillWrong(form: GiftForm, shown: GiftErrors): GiftErrors {
  const fields = Object.keys(shown) as GiftField[];
  if (fields.length === 0) return shown;
  const checked = giftRequest(form);
  if (checked.ok) return {};
  return Object.fromEntries(fields.flatMap((field) => (checked.errors[field] ? [[field, checked.errors[field]]] : [])));
}

/** The fields in the order the form shows them: the first with a message takes the focus. */
export const FIELD_ORDER: readonly GiftField[] = ['gift', 'dollars', 'priceId', 'recipientName', 'when', 'recipientEmail', 'message'];

export const firstWrong = (errors: GiftErrors): GiftField | null => FIELD_ORDER.find((field) => errors[field]) ?? null;

/** A trip a voucher may be for: one seat of a class or a day-tour activity, at today's price. */
export interface VoucherTrip {
  priceId: string;
  name: string;
  /** Cents. */
  amount: number;
  /** As the select lists it: 'Ski Touring, $450'. */
  label: string;
}

/** The classes and the day-tour activities of the catalog, each at its price now. */
export function voucherTrips(catalog: readonly Product[]): VoucherTrip[] {
  return [CLASS_PRODUCT_TITLE, DAY_TOUR_PRODUCT_TITLE].flatMap((title) =>
    (catalog.find((product) => product.name === title)?.prices ?? []).map((price) => ({
      priceId: price.id,
      name: price.nickname,
      amount: price.unit_amount,
      label: `${price.nickname}, ${formatDollars(price.unit_amount)}`,
    })),
  );
}

/** '8:00 AM' for 8, '12:00 PM' for 12: an hour of the day as the hour select lists it. */
export const hourLabel = (hour: number): string => `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? 'AM' : 'PM'}`;

/** The days a gift may be sent on: from today in Kamas to a year on. */
export function deliveryDays(now: Date | number): { first: string; last: string } {
  const first = denverDay(now);
  return { first, last: denverDayPlus(first, 365) };
}

/** What the payment step says of the gift: what it is, for whom, when it arrives, and the total. */
export interface GiftSummary {
  what: string;
  to: string;
  when: string;
  total: string;
}

export function giftSummary(
  request: GiftRequest,
  payment: { amount: number; currency: string },
  trips: readonly VoucherTrip[],
): GiftSummary {
  const { gift, delivery } = request;
  const what =
    gift.kind === 'amount'
      ? `Gift card: ${formatDollars(gift.dollars * 100)}`
      : `Trip voucher: ${trips.find((trip) => trip.priceId === gift.priceId)?.name ?? 'one seat of a trip'}`;
  const to = delivery.when === 'print' ? request.recipientName : `${request.recipientName} (${delivery.recipientEmail})`;
  const when =
    delivery.when === 'now'
      ? 'Now, by e-mail'
      : delivery.when === 'print'
        ? 'To you by e-mail, to print'
        : `${formatDenverDateTime(denverInstant(delivery.day, delivery.hour))}, Kamas time`;
  return { what, to, when, total: formatMoney(payment.amount, payment.currency) };
}

/** What happens once the gift is paid, by when it was to arrive. */
export function whatHappensNext(when: GiftWhen): string {
  if (when === 'print') return 'Your receipt is in your inbox, and the gift card is in the same e-mail, ready to print.';
  if (when === 'on') return 'It will be delivered by e-mail on the day and hour you chose. Your receipt is in your inbox.';
  return 'It is on its way to the recipient by e-mail now. Your receipt is in your inbox.';
}
