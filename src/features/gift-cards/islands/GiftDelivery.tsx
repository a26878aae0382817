/**
 * When the gift arrives and where: now, on a Kamas day and hour the buyer chooses, or (when buying)
 * to the buyer to print (then no address is asked for the recipient). Buying a gift and changing one
 * not sent yet ask it alike.
 */
import { describedBy, FieldError } from '../../../ui/fields.tsx';
import { deliveryDays, hourLabel, type GiftDeliveryForm, type GiftErrors } from '../rules/gift-purchase.ts';
import GiftChoices from './GiftChoices.tsx';

const WHEN = [
  { value: 'now', label: 'Now' },
  { value: 'on', label: 'On a day and hour I choose' },
  { value: 'print', label: 'Send it to me to print' },
] as const;

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

interface Props {
  /** The ids of its fields start with it ('gift': 'gift-day', 'gift-email'). */
  id: string;
  form: GiftDeliveryForm;
  errors: Pick<GiftErrors, 'when' | 'recipientEmail'>;
  /** When the form opened: the first day a gift may be sent on is that day in Kamas. */
  openedAt: number;
  /** Sending it to the buyer to print is a choice (buying), or not (a gift already on its way by e-mail). */
  canPrint: boolean;
  onChange: (change: Partial<GiftDeliveryForm>) => void;
}

export default function GiftDelivery({ id, form, errors, openedAt, canPrint, onChange }: Props) {
  const days = deliveryDays(openedAt);
  const whenError = form.when === 'on' ? undefined : errors.when;
  return (
    <>
      <GiftChoices
        id={`${id}-when`}
        legend="When it arrives"
        choices={canPrint ? WHEN : WHEN.filter((choice) => choice.value !== 'print')}
        value={form.when}
        error={whenError}
        onChange={(when) => onChange({ when })}
      />
      {form.when === 'on' && (
        <fieldset className="gift-when-at" {...describedBy(errors.when, `${id}-at-error`, `${id}-at-hint`)}>
          <legend>Day and hour</legend>
          <p className="form-hint" id={`${id}-at-hint`}>
            Kamas time (Mountain Time).
          </p>
          <div className="gift-when-row">
            <div className="field">
              <label htmlFor={`${id}-day`}>Day</label>
              <input
                id={`${id}-day`}
                type="date"
                min={days.first}
                max={days.last}
                value={form.day}
                onChange={(event) => onChange({ day: event.target.value })}
                aria-invalid={Boolean(errors.when && !form.day)}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-hour`}>Hour</label>
              <select id={`${id}-hour`} value={form.hour} onChange={(event) => onChange({ hour: event.target.value })}>
                {HOURS.map((hour) => (
                  <option key={hour} value={String(hour)}>
                    {hourLabel(hour)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <FieldError id={`${id}-at-error`} error={errors.when} />
        </fieldset>
      )}
      {form.when !== 'print' && (
        <div className="field">
          <label htmlFor={`${id}-email`}>Recipient&rsquo;s e-mail</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            spellCheck={false}
            maxLength={254}
            value={form.recipientEmail}
            onChange={(event) => onChange({ recipientEmail: event.target.value })}
            {...describedBy(errors.recipientEmail, `${id}-email-error`)}
          />
          <FieldError id={`${id}-email-error`} error={errors.recipientEmail} />
        </div>
      )}
    </>
  );
}
