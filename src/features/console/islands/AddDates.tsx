/**
 * Adding dates from the console: a kind of date, a day and a start time in Kamas, a capacity, and
 * a reason; or a weekly pattern (weekdays through a last day). Checked by the API's own schema
 * before anything is sent; the form never submits by itself.
 */
import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import type { OpsDateKind, OpsDays } from '../../../../shared/contract/ops-answers.ts';
import { denverDaysBetween, denverInstant, formatDenverDateTime, isCalendarDay } from '../../../../shared/rules/dates.ts';
import { useLoaded, type Loaded } from '../../../ui/hooks/use-loaded.ts';
import { opsAddDatesSchema, type OpsAddDatesRequest } from '../../../../shared/contract/ops-requests.ts';
import { opsApi } from '../../../stores/ops-api.ts';
import { describedBy, FieldError, TextField } from '../../../ui/fields.tsx';
import { ChoiceField, FormButtons, FormFailure, ReasonField, textValue, useSending } from '../../../ui/form-parts.tsx';
import { OpsForm } from '../../../ui/OpsForm.tsx';
import OpsNotice from './OpsNotice.tsx';
import { WEEKDAYS } from '../../../../shared/rules/calendar-grid.ts';

type Field = 'kind' | 'firstDay' | 'lastDay' | 'weekdays' | 'time' | 'capacity' | 'reason';

/** Each field's first message; a check of the whole request (the range, the weekdays) goes under the field it concerns. */
function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of issues) {
    const key = issue.path?.[0]?.key;
    const field: Field =
      typeof key === 'string' ? (key as Field) : issue.message.startsWith('Choose the weekdays') ? 'weekdays' : 'lastDay';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The most days the console lists at once (the API's own limit of days ahead). */
const MOST_DAYS = 62;

/** The dates already on the calendars from `first` through `last` (Kamas days), loaded again after dates are added. */
function useDatesThere(first: string, last: string, added: unknown) {
  const through = isCalendarDay(last) && last >= first ? last : first;
  const span = isCalendarDay(first) ? Math.min(denverDaysBetween(denverInstant(first, 12), denverInstant(through, 12)), MOST_DAYS) : null;
  const [version, setVersion] = useState({ added, count: 0 });
  if (version.added !== added) setVersion({ added, count: version.count + 1 });
  const key = span === null ? null : `there:${first}:${span}:${version.count}`;
  return useLoaded(key, (signal) => opsApi.days({ query: { from: first, days: span ?? 0 }, signal }));
}

/** What is on the calendars already for the days chosen, so a date is not added twice by mistake. */
function DatesThere({ existing }: { existing: Loaded<OpsDays> }) {
  if (existing.status === 'loading') return null;
  if (existing.status === 'failed') return <p className="ops-muted">The dates already there could not be loaded.</p>;
  const { dates } = existing.value;
  return (
    <div className="ops-dates-there" aria-live="polite">
      {dates.length === 0 ? (
        <p className="ops-muted">Nothing is on the calendars on these days yet.</p>
      ) : (
        <>
          <p className="ops-muted">Already on the calendars on these days:</p>
          <ul>
            {dates.map((date) => (
              <li key={date.id}>
                {formatDenverDateTime(Date.parse(date.startsAt))}: {date.activity}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

export function AddDates({ kinds }: { kinds: OpsDateKind[] }) {
  const id = useId();
  const [kindKey, setKindKey] = useState(kinds[0]?.key ?? '');
  const kind = kinds.find((entry) => entry.key === kindKey);
  const [firstDay, setFirstDay] = useState('');
  const [repeat, setRepeat] = useState(false);
  const [lastDay, setLastDay] = useState('');
  const [weekdays, setWeekdays] = useState<number[]>([]);
  const [time, setTime] = useState(kind?.startTime ?? '08:00');
  const [capacity, setCapacity] = useState(String(kind?.capacity ?? 4));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { failure, setFailure, sending, send } = useSending();
  const [done, setDone] = useState<{ added: number; existing: number; blackout: number; from: string } | null>(null);
  const existing = useDatesThere(firstDay, repeat ? lastDay : firstDay, done);

  function chooseKind(key: string) {
    setKindKey(key);
    const chosen = kinds.find((entry) => entry.key === key);
    if (chosen) {
      setTime(chosen.startTime);
      setCapacity(String(chosen.capacity));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setDone(null);
    const request = {
      kind: kindKey,
      firstDay,
      ...(repeat ? { lastDay, weekdays } : {}),
      time,
      capacity: capacity.trim() === '' ? Number.NaN : Number(capacity),
      reason,
    };
    const checked = v.safeParse(opsAddDatesSchema, request);
    if (!checked.success) {
      setErrors(fieldErrors(checked.issues));
      return;
    }
    setErrors({});
    await send(async () => {
      const result = await opsApi.addDates({ body: checked.output satisfies OpsAddDatesRequest });
      setDone({ added: result.added.length, existing: result.existing, blackout: result.blackout ?? 0, from: firstDay });
      setReason('');
    }, 'The dates could not be added. Please try again.');
  }

  return (
    <OpsForm id={id} heading="Add dates" headingLevel={2} onSubmit={submit}>
      <ChoiceField
        id={`${id}-kind`}
        legend="Activity"
        choices={kinds.map((entry) => ({ value: entry.key, label: entry.label }))}
        value={kindKey}
        error={errors.kind}
        onChange={chooseKind}
      />
      <TextField
        id={`${id}-first`}
        label={repeat ? 'First day' : 'Day'}
        type="date"
        {...textValue(firstDay, setFirstDay, errors.firstDay)}
      />
      <label className="ops-check">
        <input type="checkbox" checked={repeat} onChange={(event) => setRepeat(event.target.checked)} /> Repeat every week
      </label>
      <DatesThere existing={existing} />
      {repeat && (
        <>
          <TextField id={`${id}-last`} label="Last day" type="date" {...textValue(lastDay, setLastDay, errors.lastDay)} />
          <fieldset className="ops-weekdays" {...describedBy(errors.weekdays, `${id}-weekdays-error`)}>
            <legend>On</legend>
            {WEEKDAYS.map(({ long: name }, index) => (
              <label key={name} className="ops-check">
                <input
                  type="checkbox"
                  checked={weekdays.includes(index)}
                  onChange={(event) =>
                    setWeekdays((days) => (event.target.checked ? [...days, index].sort() : days.filter((day) => day !== index)))
                  }
                />{' '}
                {name}
              </label>
            ))}
            <FieldError id={`${id}-weekdays-error`} error={errors.weekdays} />
          </fieldset>
        </>
      )}
      <TextField id={`${id}-time`} label="Start time in Kamas" type="time" {...textValue(time, setTime, errors.time)} />
      <TextField id={`${id}-capacity`} label="Capacity" inputMode="numeric" {...textValue(capacity, setCapacity, errors.capacity)} />
      <ReasonField id={`${id}-reason`} value={reason} error={errors.reason} onChange={setReason} />
      <FormFailure failure={failure} />
      {done && (
        <OpsNotice>
          Added {done.added} {done.added === 1 ? 'date' : 'dates'}
          {done.existing > 0 ? `; ${done.existing} ${done.existing === 1 ? 'was' : 'were'} already there` : ''}
          {done.blackout > 0 ? `; ${done.blackout} on blackout days ${done.blackout === 1 ? 'was' : 'were'} left out` : ''}.{' '}
          <a href={`/ops?from=${done.from}`}>See that week</a>
        </OpsNotice>
      )}
      <FormButtons submit={repeat ? 'Add dates' : 'Add date'} sending={sending} />
    </OpsForm>
  );
}
