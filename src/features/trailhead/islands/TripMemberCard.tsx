/**
 * One member on the trip sheet: their check-in (Here or No-show, and the gear check on classes and
 * tours), then what a guide needs if something goes wrong: phone, emergency contact, medical notes,
 * readiness. Every tap is an event recorded on the phone at once. A member without a current waiver
 * signs it here, handed the phone. A scanned pass brings its member's card into view, saying what
 * the scan found.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { TripMember, TripSheet } from '../../../../shared/contract/trailhead.ts';
import type { Gear, MemberCheckIn } from '../../../../shared/rules/check-in.ts';
import { notReadyWords, participantName, waiverSummary } from '../../../lib/roster-csv.ts';
import DetailsList, { type Detail } from '../../../islands/shared/DetailsList.tsx';
import { safetyDetails } from '../../../islands/guide/safety-details.tsx';
import { checkInWords } from '../rules/check-in-words.ts';

export type CheckInChoice =
  { kind: 'here' | 'no-show' } | ({ kind: 'gear' } & Gear) | { kind: 'signed'; version: string; signature: string; agreed: true };

// The waiver's pad and text load when a member is handed the phone to sign (kept by the service worker).
const TrailheadSigning = lazy(() => import('./TrailheadSigning.tsx'));

interface Props {
  member: TripMember;
  checkIn: MemberCheckIn;
  /** Whether the day asks for a gear check (classes and tours). */
  gearCheck: boolean;
  /** The waiver saved with the sheet, for a member without a current signature to sign on the phone. */
  waiver: TripSheet['waiver'];
  /** What scanning this member's pass said, when it was the last pass scanned: the card comes into view with it. */
  scanned: { words: string } | null;
  onChoose: (choice: CheckInChoice) => void;
}

const GEAR = [
  ['beacon', 'Beacon'],
  ['shovel', 'Shovel'],
  ['probe', 'Probe'],
] as const;

export default function TripMemberCard({ member, checkIn, gearCheck, waiver, scanned, onChoose }: Props) {
  const id = useId();
  const [signing, setSigning] = useState(false);
  const needsWaiver = !member.waiver?.current && !checkIn.signedHere;
  const scanNotice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (scanned) scanNotice.current?.focus();
  }, [scanned]);
  const name = participantName(member);
  const notReady = notReadyWords(member, checkIn.signedHere);
  const gear: Gear = checkIn.gear ?? { beacon: false, shovel: false, probe: false };
  const details: Detail[] = [...safetyDetails(member), ['Waiver', waiverSummary(member)]];
  return (
    <li className={`trip-member trip-member-${checkIn.status ?? 'waiting'}`} aria-labelledby={`${id}-name`}>
      <h4 id={`${id}-name`}>{name}</h4>
      <p className="trip-member-status" id={`${id}-status`}>
        {checkInWords(checkIn)}
      </p>
      {scanned && (
        <p className="trip-scanned" role="status" tabIndex={-1} ref={scanNotice}>
          Pass scanned: {scanned.words}
        </p>
      )}
      {notReady && <p className="roster-not-ready">Not ready: {notReady}</p>}
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
          disabled={checkIn.status === 'here'}
          onClick={() => onChoose({ kind: 'no-show' })}
        >
          No-show
        </button>
      </div>
      {gearCheck && (
        <fieldset className="trip-gear">
          <legend>Gear checked</legend>
          {GEAR.map(([field, label]) => (
            <label key={field} className="trip-gear-item">
              <input
                type="checkbox"
                checked={gear[field]}
                onChange={(event) => onChoose({ kind: 'gear', ...gear, [field]: event.target.checked })}
              />
              {label}
            </label>
          ))}
        </fieldset>
      )}
      {checkIn.signedHere && <p className="trip-signed">Signed the waiver on this trip sheet.</p>}
      {needsWaiver && (
        <button type="button" className="button secondary trip-sign" onClick={() => setSigning(true)}>
          Sign the waiver here<span className="visually-hidden">: {name}</span>
        </button>
      )}
      {signing && (
        <Suspense fallback={<p role="status">Opening the waiver…</p>}>
          <TrailheadSigning
            name={name}
            waiver={waiver}
            onCancel={() => setSigning(false)}
            onSigned={(signature) => {
              setSigning(false);
              onChoose({ kind: 'signed', version: waiver.version, signature, agreed: true });
            }}
          />
        </Suspense>
      )}
      <DetailsList details={details} className="trip-member-details" />
    </li>
  );
}
