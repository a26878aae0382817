/**
 * Setting where a date's party meets: one of our trailheads and a time on the day, in Kamas. Within
 * 48 hours of the start the party is e-mailed; the form says so before it is sent.
 */
import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { opsMeetingPointSchema, type OpsMeetingPointRequest } from '../../../../shared/contract/ops-requests.ts';
import { denverClock } from '../../../../shared/rules/dates.ts';
import { TRAILHEAD_NAMES, tellsParty } from '../../../../shared/rules/meeting-point.ts';
import { TextField } from '../../../ui/fields.tsx';
import { firstErrors, textValue, useOpenedForm } from '../../../ui/form-parts.tsx';
import { OpenedForm } from '../../../ui/OpsForm.tsx';

interface Props {
  startsAt: Date;
  current: { trailhead: string; meetsAt: string } | null;
  /** Sets it (the page then says what changed). */
  set: (request: OpsMeetingPointRequest) => Promise<void>;
}

export function MeetingPointAction({ startsAt, current, set }: Props) {
  const id = useId();
  const form = useOpenedForm(`${id}-trailhead`);
  const [trailhead, setTrailhead] = useState(current?.trailhead ?? TRAILHEAD_NAMES[0]);
  const [time, setTime] = useState(current ? denverClock(new Date(current.meetsAt)) : denverClock(startsAt));
  const [errors, setErrors] = useState<{ trailhead?: string; time?: string }>({});
  const [now] = useState(() => new Date());

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = v.safeParse(opsMeetingPointSchema, { trailhead, time });
    if (!checked.success) {
      setErrors(firstErrors<'trailhead' | 'time'>(checked.issues, 'time'));
      form.setFailure(null);
      return;
    }
    setErrors({});
    await form.send(() => set(checked.output), 'The meeting point could not be set. Please try again.');
  }

  return (
    <OpenedForm form={form} id={id} opener="Set the meeting point" submit="Save meeting point" onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-trailhead`}>Trailhead</label>
        <select id={`${id}-trailhead`} value={trailhead} onChange={(event) => setTrailhead(event.target.value as typeof trailhead)}>
          {TRAILHEAD_NAMES.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
      </div>
      <TextField
        id={`${id}-time`}
        label="Meeting time in Kamas, on the day"

        type="time"
        {...textValue(time, setTime, errors.time)}
      />
      {tellsParty(startsAt, now) && (
        <p className="form-hint">The trip starts within 48 hours: everyone in its parties is e-mailed the change.</p>
      )}
    </OpenedForm>
  );
}
