/**
 * A gift card being bought on /gift-cards: the form as typed (kept when the buyer goes back to change
 * it), then the purchase POST /gift-cards started with its card payment, then paid. Starting again
 * after a change makes a new purchase; the one left unpaid is never charged.
 */
import { atom, type ReadableAtom } from 'nanostores';
import type * as v from 'valibot';
import type { giftPurchaseAnswer } from '../../../../shared/contract/gift-cards.ts';
import { shownError } from '../../../lib/api/api-error.ts';
import { api } from '../../../stores/api.ts';
import { payWithLocalCard, type CardInput, type CardState } from '../../card-payment/card.ts';
import { EMPTY_GIFT_FORM, type GiftForm, type GiftRequest } from '../rules/gift-purchase.ts';

export type GiftPurchase = v.InferOutput<typeof giftPurchaseAnswer>;

export type GiftStep =
  | { name: 'choosing'; failure: string | null }
  | { name: 'starting' }
  | { name: 'paying'; request: GiftRequest; purchase: GiftPurchase }
  | { name: 'paid'; request: GiftRequest; purchase: GiftPurchase };

const NOT_STARTED = 'The payment could not be started. Please try again.';

const form = atom<GiftForm>(EMPTY_GIFT_FORM);
const step = atom<GiftStep>({ name: 'choosing', failure: null });
const card = atom<CardState>({ status: 'idle' });

export const $giftForm: ReadableAtom<GiftForm> = form;
export const $giftStep: ReadableAtom<GiftStep> = step;
/** The local card form's payment state. */
export const $giftCard: ReadableAtom<CardState> = card;

export function editGift(change: Partial<GiftForm>): void {
  form.set({ ...form.get(), ...change });
}

/** Starts the purchase of the gift checked from the form: its card payment comes next. */
export async function startGiftPurchase(request: GiftRequest): Promise<void> {
  if (step.get().name === 'starting') return;
  step.set({ name: 'starting' });
  try {
    const purchase = await api.buyGiftCard({ body: request });
    card.set({ status: 'idle' });
    step.set({ name: 'paying', request, purchase });
  } catch (error) {
    step.set({ name: 'choosing', failure: shownError(error, NOT_STARTED) });
  }
}

/** Back to the form, as it was typed. */
export function changeGift(): void {
  if (card.get().status === 'processing') return;
  step.set({ name: 'choosing', failure: null });
}

/** Pays the purchase on screen with the local provider's test card. */
export async function payGift(input: CardInput): Promise<CardState> {
  const current = step.get();
  if (current.name !== 'paying') return card.get();
  card.set({ status: 'processing' });
  const state = await payWithLocalCard(current.purchase.clientSecret, input, current.purchase.giftCardId);
  card.set(state);
  if (state.status === 'succeeded' && step.get() === current)
    step.set({ name: 'paid', request: current.request, purchase: current.purchase });
  return state;
}

/** Back to an empty form and nothing bought (a new page's start). */
export function resetGiftPurchase(): void {
  form.set(EMPTY_GIFT_FORM);
  step.set({ name: 'choosing', failure: null });
  card.set({ status: 'idle' });
}
