/**
 * /gift-cards/balance: what is left on a gift card and each use, by its code (the API counts the
 * tries against guessing and shows no names). A signed-in customer can keep the card on their
 * account, where My Bookings lists it.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type * as v from 'valibot';
import type { giftBalanceAnswer } from '../../../../shared/contract/gift-cards.ts';
import { formatDollars } from '../../../../shared/rules/pricing.ts';
import { shownError } from '../../../lib/api/api-error.ts';
import { publicApi } from '../../../lib/api/client.ts';
import { api } from '../../../stores/api.ts';
import { $authUser, startAuth } from '../../../stores/auth.ts';
import CodeForm from '../../../ui/CodeForm.tsx';
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

export default function GiftCardBalance() {
  const [seen, setSeen] = useState<Seen>({ status: 'idle' });
  const user = useStore($authUser);

  useEffect(() => {
    void startAuth();
  }, []);

  const check = async (code: string) => {
    setSeen({ status: 'checking' });
    try {
      const card = await (user ? api : publicApi).giftCardBalance({ body: { code } });
      setSeen({ status: 'found', code, card, keeping: { status: 'no' } });
      return true;
    } catch (error) {
      setSeen({ status: 'failed', message: shownError(error, UNREACHABLE) });
      return false;
    }
  };

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
        id="gift-balance-code"
        action="/gift-cards/balance"
        {...GIFT_CODE_FIELD}
        button="Check balance"
        busy={seen.status === 'checking'}
        error={seen.status === 'failed' ? seen.message : null}
        status={seen.status === 'checking' ? 'Checking the balance...' : ''}
        use={check}
      />
      {seen.status === 'found' && (
        <section className="gift-balance-card" aria-labelledby="gift-balance-left">
          <h2 id="gift-balance-left">
            {seen.card.kind === 'voucher' && seen.card.balance > 0
              ? `A trip voucher for one seat${seen.card.activity ? ` of ${seen.card.activity}` : ''}`
              : `${formatDollars(seen.card.balance)} left`}
          </h2>
          {seen.card.bonus > 0 && (
            <p>
              {formatDollars(seen.card.bonus)} of it is a promotional bonus
              {seen.card.bonusEndsOn ? `, good until ${seen.card.bonusEndsOn}` : ''}.
            </p>
          )}
          {seen.card.uses.length === 0 ? (
            <p>Not used yet. Use it at checkout, under Have a gift card?</p>
          ) : (
            <GiftCardUses uses={seen.card.uses} />
          )}
          {user && (
            <p className="gift-balance-keep" role="status">
              {seen.keeping.status === 'added' ? (
                'Added to your account: My Bookings lists it.'
              ) : (
                <button
                  type="button"
                  className="button secondary"
                  aria-disabled={seen.keeping.status === 'adding'}
                  onClick={() => {
                    if (seen.keeping.status !== 'adding') void keep(seen);
                  }}
                >
                  {seen.keeping.status === 'adding' ? 'Adding...' : 'Add to my account'}
                </button>
              )}
            </p>
          )}
          {seen.keeping.status === 'failed' && (
            <p className="form-error" role="alert">
              {seen.keeping.message}
            </p>
          )}
        </section>
      )}
    </div>
  );
}
