/**
 * What the gift is: an amount in whole dollars, or a trip voucher for one seat of a class or a
 * day-tour activity at today's price (the catalog's).
 */
import { useStore } from '@nanostores/react';
import { GIFT_MAX_DOLLARS, GIFT_MIN_DOLLARS } from '../../../../shared/contract/gift-cards.ts';
import { $productsFailed } from '../../../stores/products.ts';
import { describedBy, FieldError } from '../../../ui/fields.tsx';
import type { GiftErrors, GiftForm, VoucherTrip } from '../rules/gift-purchase.ts';
import { editGift } from '../stores/gift-purchase.ts';
import GiftChoices from './GiftChoices.tsx';

const KINDS = [
  { value: 'amount', label: 'An amount' },
  { value: 'voucher', label: 'A trip' },
] as const;

interface Props {
  form: GiftForm;
  errors: GiftErrors;
  /** The trips a voucher may be for; null while the catalog loads. */
  trips: readonly VoucherTrip[] | null;
}

export default function GiftWhat({ form, errors, trips }: Props) {
  const failed = useStore($productsFailed);
  return (
    <>
      <GiftChoices
        id="gift-kind"
        legend="What to give"
        choices={KINDS}
        value={form.kind}
        error={errors.gift}
        onChange={(kind) => editGift({ kind })}
      />
      {form.kind === 'amount' ? (
        <div className="field gift-dollars">
          <label htmlFor="gift-dollars">Amount in dollars</label>
          <p className="form-hint" id="gift-dollars-hint">
            Whole dollars, ${GIFT_MIN_DOLLARS} to ${GIFT_MAX_DOLLARS.toLocaleString('en-US')}.
          </p>
          <div className="gift-dollars-input">
            <span aria-hidden="true">$</span>
            <input
              id="gift-dollars"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={8}
              value={form.dollars}
              onChange={(event) => editGift({ dollars: event.target.value })}
              {...describedBy(errors.dollars, 'gift-dollars-error', 'gift-dollars-hint')}
            />
          </div>
          <FieldError id="gift-dollars-error" error={errors.dollars} />
        </div>
      ) : (
        <div className="field">
          <label htmlFor="gift-trip">Trip</label>
          <p className="form-hint" id="gift-trip-hint">
            One seat of a class or a day tour, at today&rsquo;s price.
          </p>
          <select
            id="gift-trip"
            value={form.priceId}
            disabled={!trips}
            onChange={(event) => editGift({ priceId: event.target.value })}
            {...describedBy(errors.priceId, 'gift-trip-error', 'gift-trip-hint')}
          >
            <option value="">{trips ? 'Choose a trip' : failed ? 'The trips could not be loaded' : 'Loading the trips...'}</option>
            {trips?.map((trip) => (
              <option key={trip.priceId} value={trip.priceId}>
                {trip.label}
              </option>
            ))}
          </select>
          <FieldError id="gift-trip-error" error={errors.priceId} />
        </div>
      )}
    </>
  );
}
