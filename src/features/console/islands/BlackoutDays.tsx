/**
 * Blackout days on /ops/dates: the days ahead on which the company runs nothing, each with why and
 * how many dates it took off the calendars; marking one (refused while anyone has booked that day)
 * and lifting it, each for a reason.
 */
import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import type { OpsBlackoutDay } from '../../../../shared/contract/ops-answers.ts';
import { formatDenverDay } from '../../../../shared/rules/dates.ts';
import { opsBlackoutSchema } from '../../../../shared/contract/ops-requests.ts';
import { opsApi } from '../../../stores/ops-api.ts';
import { TextField } from '../../../ui/fields.tsx';
import { useStaffData } from '../../../ui/hooks/use-staff-data.ts';
import { firstErrors, FormButtons, FormFailure, ReasonField, textValue, useSending } from '../../../ui/form-parts.tsx';
import { OpsForm } from '../../../ui/OpsForm.tsx';
import { OpsStates } from './OpsStates.tsx';
import { ReasonAction } from './TextAction.tsx';
import OpsNotice from './OpsNotice.tsx';

function MarkBlackout({ onMarked }: { onMarked: (days: OpsBlackoutDay[], day: string) => void }) {
  const id = useId();
  const [day, setDay] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ day?: string; reason?: string }>({});
  const { failure, setFailure, sending, send } = useSending();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = v.safeParse(opsBlackoutSchema, { day, reason });
    if (!checked.success) {
      setErrors(firstErrors<'day' | 'reason'>(checked.issues, 'reason'));
      setFailure(null);
      return;
    }
    setErrors({});
    await send(async () => {
      onMarked(await opsApi.markBlackout({ body: { day: checked.output.day, reason: checked.output.reason } }), checked.output.day);
      setDay('');
      setReason('');
    }, 'The day could not be marked. Please try again.');
  }

  return (
    <OpsForm id={id} heading="Mark a blackout day" onSubmit={submit}>
      <TextField id={`${id}-day`} label="Day" type="date" {...textValue(day, setDay, errors.day)} />
      <ReasonField id={`${id}-reason`} value={reason} error={errors.reason} onChange={setReason} />
      <FormFailure failure={failure} />
      <FormButtons submit="Mark the day" sending={sending} />
    </OpsForm>
  );
}

export function BlackoutDays() {
  const state = useStaffData<OpsBlackoutDay[]>('blackout-days', (signal) => opsApi.blackoutDays({ signal }));
  const [changed, setChanged] = useState<{ days: OpsBlackoutDay[]; notice: string } | null>(null);
  if (state.status !== 'ready') return <OpsStates state={state} loadingLabel="Loading the blackout days" />;
  const days = changed?.days ?? state.data;
  return (
    <section className="ops-section" aria-labelledby="ops-blackout-title">
      <h2 id="ops-blackout-title">Blackout days</h2>
      {changed && <OpsNotice>{changed.notice}</OpsNotice>}
      {days.length === 0 ? (
        <p className="ops-muted">No blackout days ahead.</p>
      ) : (
        <ul className="ops-found" aria-label="Blackout days ahead">
          {days.map((blackout) => (
            <li key={blackout.day}>
              <strong>{formatDenverDay(blackout.day)}</strong>
              <span>
                {blackout.reason} · {blackout.withdrawn} {blackout.withdrawn === 1 ? 'date' : 'dates'} off the calendars
              </span>
              <ReasonAction
                opener={`Lift ${formatDenverDay(blackout.day)}`}
                heading={`Lift the blackout of ${formatDenverDay(blackout.day)}`}
                hint="Its dates come back on the calendars."
                submit="Lift it"
                act={async (reason) =>
                  setChanged({
                    days: await opsApi.liftBlackout({ params: { day: blackout.day }, body: { reason } }),
                    notice: `${formatDenverDay(blackout.day)} is open again.`,
                  })
                }
              />
            </li>
          ))}
        </ul>
      )}
      <MarkBlackout
        onMarked={(list, day) =>
          setChanged({ days: list, notice: `${formatDenverDay(day)} is a blackout day: its dates are off the calendars.` })
        }
      />
    </section>
  );
}
