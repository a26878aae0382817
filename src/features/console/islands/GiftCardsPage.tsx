/**
 * /ops/gift-cards: what is outstanding on gift cards, finding a card by its code or an e-mail (a
 * plain GET of ?q=, so Back returns to the results), and issuing one with no payment. With
 * ?card=, the card itself (./GiftCardDetail.tsx).
 */
import { useId, useState } from 'react';
import type * as v from 'valibot';
import type { opsGiftCardsAnswer, opsGiftOutstandingAnswer } from '../../../../shared/contract/gift-cards.ts';
import { formatDenverDate } from '../../../../shared/rules/dates.ts';
import { formatDollars } from '../../../../shared/rules/pricing.ts';
import { opsGiftCardLink } from '../../../lib/ops-links.ts';
import { opsApi } from '../../../stores/ops-api.ts';
import DetailsList from '../../../ui/DetailsList.tsx';
import { useSearchParam } from '../../../ui/hooks/use-search-param.ts';
import { useStaffData } from '../../../ui/hooks/use-staff-data.ts';
import { GIFT_STATUS_WORDS } from '../rules/gift-ledger-words.ts';
import { GiftCardDetail } from './GiftCardDetail.tsx';
import { GiftIssueForm } from './GiftIssueForm.tsx';
import OpsNotice from './OpsNotice.tsx';
import { OpsSearch } from './OpsSearch.tsx';
import { OpsStates } from './OpsStates.tsx';
import '../../../styles/account.css';
import '../../../styles/ops.css';

type Cards = v.InferOutput<typeof opsGiftCardsAnswer>;
type Outstanding = v.InferOutput<typeof opsGiftOutstandingAnswer>;

function CardList({ cards, label }: { cards: Cards; label: string }) {
  return (
    <ul className="ops-found" aria-label={label}>
      {cards.map((card) => (
        <li key={card.id}>
          <a href={opsGiftCardLink(card.id)}>{card.code}</a>
          <span>
            For {card.recipientName} · {formatDollars(card.balance)} left of {formatDollars(card.value)} · {GIFT_STATUS_WORDS[card.status]}
          </span>
          <span className="ops-muted">
            {[card.recipientEmail, card.buyerEmail && `bought by ${card.buyerEmail}`].filter(Boolean).join(' · ') || 'No e-mail'} · made{' '}
            {formatDenverDate(Date.parse(card.createdAt))}
          </span>
        </li>
      ))}
    </ul>
  );
}

function OutstandingFigures() {
  const state = useStaffData<Outstanding>('gift-outstanding', (signal) => opsApi.giftCardsOutstanding({ signal }));
  if (state.status !== 'ready') return <OpsStates state={state} loadingLabel="Loading the gift card figures" />;
  const figures = state.data;
  return (
    <section className="ops-section" aria-labelledby="ops-gift-outstanding">
      <h2 id="ops-gift-outstanding">Outstanding</h2>
      <DetailsList
        className="ops-details"
        details={[
          ['On cards now', formatDollars(figures.outstanding)],
          ['Sold', formatDollars(figures.sold)],
          ['Used', formatDollars(figures.used)],
          ['Given as credit', formatDollars(figures.credited)],
        ]}
      />
      <p className="ops-muted">Sold, used and credit are of the {figures.season} season so far.</p>
      {figures.longUnused.length > 0 && (
        <>
          <h3>Unused for more than a year</h3>
          <CardList cards={figures.longUnused} label="Cards unused for more than a year" />
        </>
      )}
    </section>
  );
}

function Found({ query }: { query: string }) {
  const state = useStaffData<Cards>(`gift-find:${query}`, (signal) => opsApi.giftCards({ query: { q: query }, signal }));
  if (state.status !== 'ready') return <OpsStates state={state} loadingLabel="Finding gift cards" />;
  if (state.data.length === 0) return <p className="ops-note">No gift card matches “{query}”.</p>;
  return <CardList cards={state.data} label={`Gift cards matching ${query}`} />;
}

function FindGiftCard({ query }: { query: string | null }) {
  const id = useId();
  return (
    <section className="ops-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Find a gift card</h2>
      <OpsSearch id={`${id}-q`} action="/ops/gift-cards" label="Code, or the buyer’s or recipient’s e-mail" query={query} />
      {query && <Found query={query} />}
    </section>
  );
}

export default function GiftCardsPage() {
  const cardId = useSearchParam('card');
  const query = useSearchParam('q');
  const [issued, setIssued] = useState<{ giftCardId: string; code: string; name: string } | null>(null);
  if (cardId) return <GiftCardDetail cardId={cardId} />;
  return (
    <div className="ops">
      {issued && (
        <OpsNotice>
          Issued <a href={opsGiftCardLink(issued.giftCardId)}>{issued.code}</a> for {issued.name}.
        </OpsNotice>
      )}
      <FindGiftCard query={query} />
      <GiftIssueForm key={issued?.code ?? 'new'} onIssued={setIssued} />
      <OutstandingFigures />
    </div>
  );
}
