/**
 * /ops/gift-cards?card=ID: one gift card as the office answers its holder: who it is for and from,
 * what is left, how it goes, and every change of its balance with its reason; sending it again,
 * adjusting its balance and cancelling an unused card, each for a reason.
 */
import { useRef, useState } from 'react';
import type * as v from 'valibot';
import type { opsGiftLedgerAnswer } from '../../../../shared/contract/gift-cards.ts';
import { formatDenverDateTime } from '../../../../shared/rules/dates.ts';
import { formatDollars } from '../../../../shared/rules/pricing.ts';
import { opsApi } from '../../../stores/ops-api.ts';
import DetailsList, { type Detail } from '../../../ui/DetailsList.tsx';
import { useStaffData } from '../../../ui/hooks/use-staff-data.ts';
import { causedByWords, GIFT_ORIGIN_WORDS, GIFT_STATUS_WORDS, ledgerKindWords } from '../rules/gift-ledger-words.ts';
import { GiftAdjustForm } from './GiftAdjustForm.tsx';
import OpsNotice from './OpsNotice.tsx';
import { PaymentLines } from './PaymentLines.tsx';
import { OpsStates } from './OpsStates.tsx';
import { ReasonAction } from './TextAction.tsx';

type CardWithLedger = v.InferOutput<typeof opsGiftLedgerAnswer>;

const when = (iso: string) => formatDenverDateTime(Date.parse(iso));
/** '+$100' or '-$40'. */
const signed = (cents: number) => (cents < 0 ? formatDollars(cents) : `+${formatDollars(cents)}`);

function deliveryWords(card: CardWithLedger['card']): string {
  if (card.deliveredAt) return `E-mailed to ${card.recipientEmail ?? 'its recipient'} ${when(card.deliveredAt)}`;
  if (card.deliverAt && card.recipientEmail) return `To be e-mailed to ${card.recipientEmail} ${when(card.deliverAt)}`;
  return card.recipientEmail ? `Printed; on file for ${card.recipientEmail}` : 'Printed';
}

function Card({ shown, reload }: { shown: CardWithLedger; reload: () => Promise<void> }) {
  const { card, ledger } = shown;
  const [notice, setNotice] = useState<string | null>(null);
  // One id per request to send it again: a retry of the same request sends one message.
  const resendId = useRef(crypto.randomUUID());
  const details: Detail[] = [
    ['Balance', `${formatDollars(card.balance)} of ${formatDollars(card.value)}`],
    ['State', GIFT_STATUS_WORDS[card.status]],
    ['For', card.activity ? `${card.recipientName}: one seat on ${card.activity}` : card.recipientName],
    ['Made', `${GIFT_ORIGIN_WORDS[card.origin]}, ${when(card.createdAt)}${card.buyerEmail ? ` by ${card.buyerEmail}` : ''}`],
    ['Delivery', deliveryWords(card)],
  ];
  return (
    <div className="ops">
      <section className="ops-section" aria-labelledby="ops-gift-title">
        <h2 id="ops-gift-title">Gift card {card.code}</h2>
        <DetailsList details={details} className="ops-details" />
        {notice && <OpsNotice>{notice}</OpsNotice>}
        {card.status === 'active' && (
          <div className="ops-actions-row">
            {card.recipientEmail && card.deliveredAt && (
              <ReasonAction
                opener="Send it again"
                heading={`Send it again to ${card.recipientEmail}`}
                submit="Send it again"
                act={async (reason) => {
                  const { sent } = await opsApi.resendGiftCard({
                    params: { cardId: card.id },
                    body: { reason, requestId: resendId.current },
                  });
                  resendId.current = crypto.randomUUID();
                  setNotice(sent ? `The gift card is on its way to ${card.recipientEmail ?? ''}.` : 'It was already sent again.');
                }}
              />
            )}
            <GiftAdjustForm
              card={card}
              onAdjusted={async (balance) => {
                setNotice(`The balance is ${formatDollars(balance)} now.`);
                await reload();
              }}
            />
            <ReasonAction
              opener="Cancel this card"
              submit="Cancel the card"
              confirm={`The card and the ${formatDollars(card.balance)} on it will be cancelled${
                card.origin === 'purchase' ? ', and what is on it (up to what was paid) given back to the card it was bought with' : ''
              }. This cannot be undone.`}
              act={async (reason) => {
                const { givenBack } = await opsApi.voidGiftCard({ params: { cardId: card.id }, body: { reason } });
                setNotice(
                  givenBack > 0
                    ? `The card is cancelled; ${formatDollars(givenBack)} goes back to the buyer’s card.`
                    : 'The card is cancelled.',
                );
                await reload();
              }}
            />
          </div>
        )}
      </section>
      {(shown.payments.length > 0 || shown.openFlags.length > 0) && (
        <section className="ops-section" aria-labelledby="ops-gift-payment">
          <h2 id="ops-gift-payment">Its card payment</h2>
          <PaymentLines openFlags={shown.openFlags} payments={shown.payments} paid={{ amount: card.value, paidBy: 'card' }} />
        </section>
      )}
      <section className="ops-section" aria-labelledby="ops-gift-ledger">
        <h2 id="ops-gift-ledger">Every change of its balance</h2>
        <ol className="ops-lines">
          {ledger.map((row, index) => (
            <li key={index}>
              {when(row.at)}: <strong>{signed(row.amount)}</strong> {ledgerKindWords(row.kind)}, by {causedByWords(row.causedBy)}
              {row.reason ? `: “${row.reason}”` : ''}
            </li>
          ))}
        </ol>
      </section>
      <p>
        <a href="/ops/gift-cards">All gift cards</a>
      </p>
    </div>
  );
}

export function GiftCardDetail({ cardId }: { cardId: string }) {
  const state = useStaffData<CardWithLedger>(`gift-card:${cardId}`, (signal) => opsApi.giftCard({ params: { cardId }, signal }));
  // The card as read again after an action changed it.
  const [fresh, setFresh] = useState<CardWithLedger | null>(null);
  if (state.status !== 'ready') return <OpsStates state={state} loadingLabel="Loading the gift card" />;
  return <Card shown={fresh ?? state.data} reload={async () => setFresh(await opsApi.giftCard({ params: { cardId } }))} />;
}
