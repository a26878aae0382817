/**
 * The routes anyone may call, without signing in: the catalog, the calendars, the waiver in force,
 * an invite's preview, a promo code's quote, a gift card's balance, and the payment provider's events.
 */
import * as v from 'valibot';
import { calendarAnswer, promoAnswer, type Price, type Product } from '../answers.ts';
import { applyPromoSchema, publishedWaiverSchema } from '../requests.ts';
import { routes } from './route.ts';
import { giftBalanceAnswer, giftBalanceRequest } from '../gift-cards.ts';

const text = v.string();

const priceAnswer = v.looseObject({
  id: text,
  nickname: text,
  unit_amount: v.number(),
  currency: text,
  metadata: v.looseObject({
    image: v.optional(text),
    description: v.optional(text),
    short: v.optional(text),
    type: v.optional(text),
  }),
}) satisfies v.GenericSchema<unknown, Price>;

/** The catalog: each product sold, with its active prices. */
export const catalogAnswer = v.array(
  v.looseObject({ id: text, name: text, description: text, images: v.array(text), prices: v.array(priceAnswer) }),
) satisfies v.GenericSchema<unknown, Product[]>;

/** An invite's preview: the trip, the payer's first name, and the party's spots left. */
export const invitationAnswer = v.looseObject({ title: text, startsAt: text, invitedBy: v.nullable(text), spotsLeft: v.number() });

export const PUBLIC_ROUTES = routes({
  health: {
    method: 'GET',
    path: '/health',
    who: 'anyone',
    summary: 'Whether the API is up, and which payment provider it uses.',
    answer: v.object({ ok: v.boolean(), payments: text }),
    what: 'the health check',
  },
  openApi: {
    method: 'GET',
    path: '/openapi.json',
    who: 'anyone',
    summary: 'This description of the API, as an OpenAPI 3.1 document; a readable reference of it is at /reference.',
    answer: v.looseObject({ openapi: text, info: v.looseObject({ title: text, version: text }), paths: v.record(text, v.unknown()) }),
    what: 'the API description',
  },
  products: {
    method: 'GET',
    path: '/stripe/products',
    who: 'anyone',
    summary: 'The catalog: products and their active prices.',
    answer: catalogAnswer,
    what: 'products',
  },
  calendar: {
    method: 'GET',
    path: '/calendar/{name}',
    who: 'anyone',
    summary: "A calendar's dates with the seats left; signed in, the caller's own bookings carry their invite codes and parties.",
    answer: calendarAnswer,
    what: 'the calendar',
  },
  invitation: {
    method: 'GET',
    path: '/calendar/invite/{code}',
    who: 'anyone',
    summary: "An invite's preview: the trip, who invites, the spots left (rate-limited).",
    answer: invitationAnswer,
    what: 'the invite',
  },
  waiverInForce: {
    method: 'GET',
    path: '/waiver/current',
    who: 'anyone',
    summary: 'The waiver in force, with its version and fingerprint.',
    answer: publishedWaiverSchema,
    what: 'the waiver',
  },
  applyPromo: {
    method: 'POST',
    path: '/promo/apply',
    who: 'anyone',
    summary: "A promo code's discount on a price and quantity (rate-limited).",
    body: applyPromoSchema,
    answer: promoAnswer,
    what: 'the promo code',
  },
  applyPromoCode: {
    method: 'POST',
    path: '/stripe/applyPromoCode',
    who: 'anyone',
    summary: 'The same as POST /promo/apply, under its earlier path.',
    body: applyPromoSchema,
    answer: promoAnswer,
    what: 'the promo code',
  },
  giftCardBalance: {
    method: 'POST',
    path: '/gift-cards/balance',
    who: 'anyone',
    summary: 'What is left on a gift card and each use, by its code in the body (rate-limited; no names).',
    body: giftBalanceRequest,
    answer: giftBalanceAnswer,
    what: 'the gift card',
  },
  stopGiftCardReminders: {
    method: 'POST',
    path: '/gift-cards/reminders/stop',
    who: 'anyone',
    summary: "Stops the reminders before a season of a gift card, by its code in the body (rate-limited, like a balance's look-up).",
    body: giftBalanceRequest,
    answer: v.object({ stopped: v.literal(true) }),
    what: 'the gift card',
  },
  paymentEvent: {
    method: 'POST',
    path: '/stripe/webhook',
    who: 'payment provider',
    summary: "The payment provider's events (a payment succeeded, failed, was refunded or disputed), signed.",
    answer: v.object({ received: v.literal(true) }),
    what: 'the event',
  },
});
