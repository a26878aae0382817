/**
 * Have a gift card? Up to three codes pay before the card, wherever something is paid (checkout, a
 * change of date's fee): the cards in use, each with Remove, and the field for one more. Whoever
 * shows it looks each code up and says what it pays.
 */
import { MAX_GIFT_CARDS } from '../../../../shared/rules/gift-card-split.ts';
import CodeForm from '../../../ui/CodeForm.tsx';
import { GIFT_CODE_FIELD, giftCardName } from '../gift-code-field.ts';
import '../../../styles/payment.css';

interface Props {
  /** The field's id, unique on the page. */
  id: string;
  /** The page it is on: where the form would go if it were ever sent natively. */
  action: string;
  /** The codes in use, as stored, in the order they pay. */
  codes: readonly string[];
  busy: boolean;
  /** Why the last code was refused; null when it was not. */
  error: string | null;
  /** The code added last, to say so. */
  added?: string | undefined;
  /** Uses a typed code; true when it was added. */
  add: (typed: string) => Promise<boolean>;
  remove: (code: string) => void;
}

export default function GiftCardsField({ id, action, codes, busy, error, added, add, remove }: Props) {
  return (
    <details className="payment-gift" open={codes.length > 0 || error !== null}>
      <summary>Have a gift card?</summary>
      {codes.length > 0 && (
        <ul className="payment-gift-list" aria-label="Gift cards used">
          {codes.map((each) => (
            <li key={each}>
              <span>{giftCardName(each)}</span>
              <button type="button" className="button secondary" onClick={() => remove(each)}>
                Remove<span className="visually-hidden"> {giftCardName(each).toLowerCase()}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {codes.length < MAX_GIFT_CARDS && (
        <CodeForm
          id={id}
          action={action}
          {...GIFT_CODE_FIELD}
          button="Use"
          busy={busy}
          error={error}
          status={busy ? 'Checking the gift card...' : added ? `${giftCardName(added)} added.` : ''}
          use={add}
        />
      )}
    </details>
  );
}
