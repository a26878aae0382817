/**
 * The permit's settings a season's actual use report is counted by, kept by the office for a reason:
 * the fee rate, the season's first and last day, and for each activity and trailhead whether it is on
 * National Forest land and the location the report names it by. Opens from a button below the report.
 */
import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { FEE_RATE_MESSAGE, permitSettingsSchema, type permitSettingsAnswer } from '../../../../shared/contract/reports.ts';
import { opsApi } from '../../../stores/ops-api.ts';
import { TextField } from '../../../ui/fields.tsx';
import { firstErrors, ReasonField, useOpenedForm } from '../../../ui/form-parts.tsx';
import { OpenedForm } from '../../../ui/OpsForm.tsx';

type Settings = v.InferOutput<typeof permitSettingsAnswer>;
type Place = Settings['places'][number];
type Field = 'feeRatePercent' | 'season' | 'places' | 'reason';

/** The input each message is shown at, by the end of its id. */
const FIELD_IDS = { feeRatePercent: 'rate', season: 'first', reason: 'reason' } as const;

interface Props {
  settings: Settings;
  onSaved: (saved: Settings) => Promise<void>;
}

export function PermitSettingsForm({ settings, onSaved }: Props) {
  const id = useId();
  const form = useOpenedForm(`${id}-rate`);
  const [rate, setRate] = useState(String(settings.feeRatePercent));
  const [firstDay, setFirstDay] = useState(settings.season.firstDay);
  const [lastDay, setLastDay] = useState(settings.season.lastDay);
  const [places, setPlaces] = useState<Place[]>(settings.places);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const changePlace = (index: number, change: Partial<Place>) =>
    setPlaces((current) => current.map((place, at) => (at === index ? { ...place, ...change } : place)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const percent = /^\s*\d+(\.\d+)?\s*%?\s*$/.test(rate) ? Number.parseFloat(rate) : Number.NaN;
    const checked = v.safeParse(permitSettingsSchema, {
      feeRatePercent: percent,
      season: { label: settings.season.label, firstDay, lastDay },
      places: places.map(({ kind, key, onForestLand, location }) => ({ kind, key, onForestLand, location })),
      reason,
    });
    const found = checked.success ? {} : firstErrors<Field>(checked.issues, 'feeRatePercent');
    if (Number.isNaN(percent)) found.feeRatePercent = FEE_RATE_MESSAGE;
    setErrors(found);
    if (!checked.success || Object.keys(found).length > 0) {
      form.setFailure(null);
      // The form is long: its first field in error, not the button pressed, is where to look.
      const first = (['feeRatePercent', 'season', 'reason'] as const).find((field) => found[field]);
      if (first) document.getElementById(`${id}-${FIELD_IDS[first]}`)?.focus();
      return;
    }
    await form.send(async () => {
      const saved = await opsApi.changePermitSettings({ body: checked.output });
      setReason('');
      await onSaved(saved);
    }, 'The settings could not be kept. Please try again.');
  }

  return (
    <OpenedForm form={form} id={id} opener="Change the permit settings" submit="Keep these settings" onSubmit={submit}>
      <TextField
        id={`${id}-rate`}
        label="Fee rate, percent of revenue"
        inputMode="decimal"
        value={rate}
        error={errors.feeRatePercent}
        onChange={(event) => setRate(event.target.value)}
      />
      <TextField
        id={`${id}-first`}
        label={`First day of the ${settings.season.label} permit season`}
        type="date"
        value={firstDay}
        error={errors.season}
        onChange={(event) => setFirstDay(event.target.value)}
      />
      <TextField
        id={`${id}-last`}
        label="Last day"
        type="date"
        value={lastDay}
        error={errors.season}
        onChange={(event) => setLastDay(event.target.value)}
      />
      {places.map((place, index) => (
        <fieldset key={`${place.kind}:${place.key}`} className="report-place-setting">
          <legend>
            {place.name} <span className="ops-muted">({place.kind === 'activity' ? 'activity' : 'trailhead'})</span>
          </legend>
          <label className="ops-check">
            <input
              type="checkbox"
              checked={place.onForestLand}
              onChange={(event) => changePlace(index, { onForestLand: event.target.checked })}
            />
            On National Forest land
          </label>
          <TextField
            id={`${id}-place-${index}`}
            label="Location on the report"
            value={place.location}
            maxLength={80}
            error={undefined}
            onChange={(event) => changePlace(index, { location: event.target.value })}
          />
        </fieldset>
      ))}
      <ReasonField id={`${id}-reason`} value={reason} error={errors.reason} onChange={setReason} />
    </OpenedForm>
  );
}
