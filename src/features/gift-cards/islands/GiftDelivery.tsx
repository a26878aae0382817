/**
 * When the gift arrives and where: now, on a Kamas day and hour the buyer chooses, or to the buyer
 * to print (then no address is asked for the recipient).
 */
import { describedBy, FieldError } from '../../../ui/fields.tsx';
import { deliveryDays, hourLabel, type GiftErrors, type GiftForm } from '../rules/gift-purchase.ts';
import { editGift } from '../stores/gift-purchase.ts';
import GiftChoices from './GiftChoices.tsx';

const WHEN = [
  { value: 'now', label: 'Now' },
  { value: 'on', label: 'On a day and hour I choose' },
  { value: 'print', label: 'Send it to me to print' },
] as const;

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

interface Props {
  form: GiftForm;
  errors: GiftErrors;
  /** When the form opened: the first day a gift may be sent on is that day in Kamas. */
  openedAt: number;
}

export default function GiftDelivery({ form, errors, openedAt }: Props) {
  const days = deliveryDays(openedAt);
  const whenError = form.when === 'on' ? undefined : errors.when;
  return (
    <>
      <GiftChoices
        id="gift-when"
        legend="When it arrives"
        choices={WHEN}
        value={form.when}
        error={whenError}
        onChange={(when) => editGift({ when })}
      />
      {form.when === 'on' && (
        <fieldset className="gift-when-at" {...describedBy(errors.when, 'gift-at-error', 'gift-at-hint')}>
          <legend>Day and hour</legend>
          <p className="form-hint" id="gift-at-hint">
            Kamas time (Mountain Time).
          </p>
          <div className="gift-when-row">
            <div className="field">
              <label htmlFor="gift-day">Day</label>
              <input
                id="gift-day"
                type="date"
                min={days.first}
                max={days.last}
                value={form.day}
                onChange={(event) => editGift({ day: event.target.value })}
                aria-invalid={Boolean(errors.when && !form.day)}
              />
            </div>
            <div className="field">
              <label htmlFor="gift-hour">Hour</label>
              <select id="gift-hour" value={form.hour} onChange={(event) => editGift({ hour: event.target.value })}>
                {HOURS.map((hour) => (
                  <option key={hour} value={String(hour)}>
                    {hourLabel(hour)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <FieldError id="gift-at-error" error={errors.when} />
        </fieldset>
      )}
      {form.when !== 'print' && (
        <div className="field">
          <label htmlFor="gift-email">Recipient&rsquo;s e-mail</label>
          <input
            id="gift-email"
            type="email"
            autoComplete="off"
            spellCheck={false}
            maxLength={254}
            value={form.recipientEmail}
            onChange={(event) => editGift({ recipientEmail: event.target.value })}
            {...describedBy(errors.recipientEmail, 'gift-email-error')}
          />
          <FieldError id="gift-email-error" error={errors.recipientEmail} />
        </div>
      )}
    </>
  );
}
