/**
 * /gift-cards/balance: what is left on a gift card and each use, by its code (the API counts the
 * tries against guessing and shows no names). A signed-in customer can keep the card on their
 * account, where My Bookings lists it; a card already there says so.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type * as v from 'valibot';
import type { giftBalanceAnswer } from '../../../../shared/contract/gift-cards.ts';
import { formatDollars } from '../../../../shared/rules/pricing.ts';
import { denverDay } from '../../../../shared/rules/dates.ts';
import { bonusEnded, bonusWords } from '../../../../shared/rules/gift-card-credit.ts';
import { shownError } from '../../../lib/api/api-error.ts';
import { publicApi } from '../../../lib/api/client.ts';
import { api } from '../../../stores/api.ts';
import { $authUser, $confirmingKnownUser, startAuth } from '../../../stores/auth.ts';
import CodeForm from '../../../ui/CodeForm.tsx';
import { useHashParam } from '../../../ui/hooks/use-search-param.ts';
import { useLoaded, type Loaded } from '../../../ui/hooks/use-loaded.ts';
import { GIFT_CODE_FIELD } from '../gift-code-field.ts';
import GiftCardUses from './GiftCardUses.tsx';
import '../../../styles/gift-cards.css';

type Balance = v.InferOutput<typeof giftBalanceAnswer>;

type Seen =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'failed'; message: string }
  | { status: 'found'; code: string; card: Balance; keeping: Keeping };

/** Adding the card to the signed-in customer's account. */
type Keeping = { status: 'no' | 'adding' | 'added' } | { status: 'failed'; message: string };

const UNREACHABLE = 'The balance could not be checked. Please try again.';

/** What the page shows of the card a link brought, while nothing else was checked. */
function linkedSeen(code: string, loaded: Loaded<Balance>): Seen {
  if (loaded.status === 'loading') return { status: 'checking' };
  if (loaded.status === 'failed') return { status: 'failed', message: shownError(loaded.error, UNREACHABLE) };
  return seenCard(code, loaded.value);
}

/** A card found: a card already on the signed-in customer's account is shown as added. */
function seenCard(code: string, card: Balance): Seen {
  return { status: 'found', code, card, keeping: { status: card.onYourAccount ? 'added' : 'no' } };
}

export default function GiftCardBalance() {
  const [seen, setSeen] = useState<Seen>({ status: 'idle' });
  const [today] = useState(() => denverDay(Date.now()));
  // The code a gift card's QR code or e-mail link brings, in the address's fragment (never sent to a server).
  const linked = useHashParam('code');
  const user = useStore($authUser);
  const confirming = useStore($confirmingKnownUser);

  useEffect(() => {
    void startAuth();
  }, []);

  const check = async (code: string) => {
    setSeen({ status: 'checking' });
    try {
      const card = await (user ? api : publicApi).giftCardBalance({ body: { code } });
      setSeen(seenCard(code, card));
      return true;
    } catch (error) {
      setSeen({ status: 'failed', message: shownError(error, UNREACHABLE) });
      return false;
    }
  };

  // A code the link brought is checked as the page opens (once a remembered visitor is known to be signed in or not), until the visitor checks one themselves.
  const fromLink = useLoaded(confirming ? null : linked, (signal) =>
    (user ? api : publicApi).giftCardBalance({ body: { code: linked ?? '' }, signal }),
  );
  const shown: Seen = seen.status !== 'idle' || !linked ? seen : linkedSeen(linked, fromLink);

  const keep = async (found: Extract<Seen, { status: 'found' }>) => {
    setSeen({ ...found, keeping: { status: 'adding' } });
    try {
      await api.keepGiftCard({ body: { code: found.code } });
      setSeen({ ...found, keeping: { status: 'added' } });
    } catch (error) {
      const message = shownError(error, 'The card could not be added to your account. Please try again.');
      setSeen({ ...found, keeping: { status: 'failed', message } });
    }
  };

  return (
    <div className="gift-balance">
      <CodeForm
        key={linked ?? 'typed'}
        initial={linked ?? ''}
        id="gift-balance-code"
        action="/gift-cards/balance"
        {...GIFT_CODE_FIELD}
        button="Check balance"
        busy={shown.status === 'checking'}
        error={shown.status === 'failed' ? shown.message : null}
        status={shown.status === 'checking' ? 'Checking the balance...' : ''}
        use={check}
      />
      {shown.status === 'found' && (
        <section className="gift-balance-card" aria-labelledby="gift-balance-left">
          <h2 id="gift-balance-left">
            {shown.card.kind === 'voucher' && shown.card.balance > 0
              ? `A trip voucher for one seat${shown.card.activity ? ` of ${shown.card.activity}` : ''}`
              : `${formatDollars(shown.card.balance)} left`}
          </h2>
          {shown.card.bonus > 0 && (
            <p>{bonusWords(formatDollars(shown.card.bonus), shown.card.bonusEndsOn, bonusEnded(shown.card.bonusEndsOn, today))}</p>
          )}
          {shown.card.uses.length === 0 ? (
            <p>Not used yet. Use it at checkout, under Have a gift card?</p>
          ) : (
            <GiftCardUses uses={shown.card.uses} />
          )}
          {user && (
            <p className="gift-balance-keep" role="status">
              {shown.keeping.status === 'added' ? (
                `${shown.card.onYourAccount ? 'On' : 'Added to'} your account: My Bookings lists it.`
              ) : (
                <button
                  type="button"
                  className="button secondary"
                  aria-disabled={shown.keeping.status === 'adding'}
                  onClick={() => {
                    if (shown.keeping.status !== 'adding') void keep(shown);
                  }}
                >
                  {shown.keeping.status === 'adding' ? 'Adding...' : 'Add to my account'}
                </button>
              )}
            </p>
          )}
          {shown.keeping.status === 'failed' && (
            <p className="form-error" role="alert">
              {shown.keeping.message}
            </p>
          )}
        </section>
      )}
    </div>
  );
}
