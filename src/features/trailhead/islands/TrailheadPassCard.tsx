/**
 * A member's trailhead pass, as they show it to their guide: their name, the trip and its start in
 * Kamas time, where it meets, what to bring, and the QR code the guide's phone scans.
 */
import { useId } from 'react';
import type { TrailheadPass } from '../../../../shared/contract/trailhead.ts';
import { formatDenverDateTime } from '../../../../shared/rules/dates.ts';
import { passQrText } from '../../../../shared/rules/pass-qr.ts';
import DetailsList from '../../../ui/DetailsList.tsx';
import QrCode from '../../../ui/QrCode.tsx';

export const PASS_QR_SIZE = 220;

interface Props {
  pass: TrailheadPass;
  /** The level of the pass's heading: 2 where it is the page (/pass), 3 in My Bookings. */
  level?: 2 | 3;
}

export default function TrailheadPassCard({ pass, level = 3 }: Props) {
  const id = useId();
  const Name = level === 2 ? 'h2' : 'h3';
  const Part = level === 2 ? 'h3' : 'h4';
  return (
    <article className="pass-card" aria-labelledby={`${id}-name`}>
      <p className="pass-kind">Trailhead pass</p>
      <Name id={`${id}-name`} className="pass-name">
        {pass.name}
      </Name>
      <figure className="pass-qr">
        <QrCode value={passQrText(pass.dateId, pass.code)} size={PASS_QR_SIZE} label={`Trailhead pass of ${pass.name}`} />
        <figcaption>Your guide scans this code when you arrive.</figcaption>
      </figure>
      <DetailsList
        className="pass-facts"
        details={[
          ['Trip', pass.title],
          ['Starts', <time dateTime={pass.startsAt}>{formatDenverDateTime(Date.parse(pass.startsAt))}</time>],
          ['Meeting point', pass.meetingPoint],
        ]}
      />
      <Part className="pass-part">What to bring</Part>
      <ul className="pass-bring">
        {pass.bring.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </article>
  );
}
