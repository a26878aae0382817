/**
 * One member in the trip sheet's roll call: a compact row with their name, what they are missing
 * (waiver, survey) or what to know (a medical note), and Here / No-show at thumb size. Tapping the
 * name opens the rest: the gear check beside what the survey said they carry, the survey and the
 * waiver to fill in on the phone when they are missing, and whom to call. Every tap is an event
 * recorded on the phone at once. A scanned pass brings its member's row into view, saying what the
 * scan found.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { TripMember, TripSheet } from '../../../../shared/contract/trailhead.ts';
import type { Gear, MemberCheckIn } from '../../../../shared/rules/check-in.ts';
import type { Survey } from '../../../../shared/contract/requests.ts';
import { surveyComplete } from '../../../../shared/rules/readiness.ts';
import { participantName, waiverSummary } from '../../../lib/roster-csv.ts';
import DetailsList from '../../../ui/DetailsList.tsx';
import { safetyDetails } from './safety-details.tsx';
import { checkInWords } from '../rules/check-in-words.ts';
import { memberMarks } from '../rules/roll-call.ts';

export type CheckInChoice =
  | { kind: 'here' | 'no-show' }
  | ({ kind: 'gear' } & Gear)
  | { kind: 'signed'; version: string; signature: string; agreed: true }
  | { kind: 'survey'; survey: Survey };

// The survey, the waiver's pad and its text load when a member is handed the phone (kept by the service worker).
const TrailheadForms = lazy(() => import('./TrailheadForms.tsx'));

interface Props {
  member: TripMember;
  checkIn: MemberCheckIn;
  /** Whether the day asks for a gear check (classes and tours). */
  gearCheck: boolean;
  /** The waiver saved with the sheet, for a member without a current signature to sign on the phone. */
  waiver: TripSheet['waiver'];
  /** What scanning this member's pass said, when it was the last pass scanned: the row comes into view with it. */
  scanned: { words: string } | null;
  /** Records what a tap chose: one choice, or the survey and the signature filled in together. */
  onChoose: (...choices: CheckInChoice[]) => void;
}

const GEAR = [
  ['beacon', 'Beacon'],
  ['shovel', 'Shovel'],
  ['probe', 'Probe'],
] as const;

export default function TripMemberRow({ member, checkIn, gearCheck, waiver, scanned, onChoose }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [signing, setSigning] = useState(false);
  const needsWaiver = !member.waiver?.current && !checkIn.signedHere;
  const needsSurvey = !surveyComplete(member) && !checkIn.surveyedHere;
  /** The member as the sheet knows them, with the survey answered here when they had none. */
  const known = { ...member, survey: member.survey ?? checkIn.surveyedHere };
  const scanNotice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (scanned) scanNotice.current?.focus();
  }, [scanned]);
  const name = participantName(member);
  return (
    <li className={`trip-member trip-member-${checkIn.status ?? 'waiting'}`} aria-labelledby={`${id}-name`}>
      <div className="trip-member-row">
        <div className="trip-member-who">
          <h4 id={`${id}-name`}>
            <button
              type="button"
              className="trip-member-name"
              aria-expanded={open}
              aria-controls={`${id}-more`}
              onClick={() => setOpen(!open)}
            >
              {name}
            </button>
          </h4>
          <ul className="trip-marks" aria-label={`What to know of ${name}`}>
            {memberMarks(member, checkIn).map((mark) => (
              <li key={mark.words} className={`trip-mark trip-mark-${mark.tone}`}>
                {mark.words}
              </li>
            ))}
          </ul>
        </div>
        <div className="trip-check-in" role="group" aria-label={`Check-in of ${name}`} aria-describedby={`${id}-status`}>
          <button
            type="button"
            className="button primary"
            aria-pressed={checkIn.status === 'here'}
            onClick={() => onChoose({ kind: 'here' })}
          >
            Here
          </button>
          <button
            type="button"
            className="button secondary"
            aria-pressed={checkIn.status === 'no-show'}
            onClick={() => onChoose({ kind: 'no-show' })}
          >
            No-show
          </button>
        </div>
      </div>
      <p className={checkIn.status ? 'trip-member-status' : 'visually-hidden'} id={`${id}-status`}>
        {checkInWords(checkIn)}
      </p>
      {scanned && (
        <p className="trip-scanned" role="status" tabIndex={-1} ref={scanNotice}>
          Pass scanned: {scanned.words}
        </p>
      )}
      <div id={`${id}-more`} className="trip-member-more" hidden={!open}>
        {gearCheck && <GearCheck member={known} gear={checkIn.gear} onChoose={onChoose} />}
        {(needsWaiver || needsSurvey) && (
          <button type="button" className="button secondary trip-sign" onClick={() => setSigning(true)}>
            {needsWaiver && needsSurvey ? 'Survey and waiver here' : needsWaiver ? 'Sign the waiver here' : 'Answer the survey here'}
            <span className="visually-hidden">: {name}</span>
          </button>
        )}
        <DetailsList
          details={[
            ...safetyDetails(known),
            ['Waiver', member.waiver?.current || !checkIn.signedHere ? waiverSummary(member) : 'Signed on this trip sheet'],
          ]}
          className="trip-member-details"
        />
      </div>
      {signing && (
        <Suspense fallback={<p role="status">Opening the forms…</p>}>
          <TrailheadForms
            name={name}
            waiver={needsWaiver ? waiver : null}
            askSurvey={needsSurvey}
            onCancel={() => setSigning(false)}
            onDone={(filled) => {
              setSigning(false);
              onChoose(
                ...(filled.survey ? [{ kind: 'survey' as const, survey: filled.survey }] : []),
                ...(filled.signature
                  ? [{ kind: 'signed' as const, version: waiver.version, signature: filled.signature, agreed: true as const }]
                  : []),
              );
            }}
          />
        </Suspense>
      )}
    </li>
  );
}

/** The gear check, each item beside what the member's survey said they carry, and their ability as they gave it. */
function GearCheck({ member, gear, onChoose }: { member: TripMember; gear: Gear | null; onChoose: Props['onChoose'] }) {
  const checked: Gear = gear ?? { beacon: false, shovel: false, probe: false };
  const { survey } = member;
  return (
    <fieldset className="trip-gear">
      <legend>Gear checked</legend>
      {GEAR.map(([field, label]) => (
        <span key={field} className="trip-gear-item">
          <label>
            <input
              type="checkbox"
              checked={checked[field]}
              onChange={(event) => onChoose({ kind: 'gear', ...checked, [field]: event.target.checked })}
            />
            {label}
          </label>
          <span className="trip-gear-said">Survey: {survey ? survey[field] : 'not answered'}</span>
        </span>
      ))}
      {survey && (
        <p className="trip-ability">
          {survey.transportation}. Uphill: {survey.uphillAbility}. Downhill: {survey.downhillAbility}.
        </p>
      )}
    </fieldset>
  );
}
