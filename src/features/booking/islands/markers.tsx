/** The small drawings in calendar cells: a cross for a full day tour, and an icon per class type (sledski, moto). */

export function FullMark() {
  return (
    <svg className="calendar-mark full-mark" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** A snowmobile, side on. */
function MotoIcon() {
  return (
    <svg className="calendar-mark class-icon moto" viewBox="0 0 24 16" aria-hidden="true" focusable="false">
      <path d="M2 13h17l3-2" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      <path d="M5 11l3-5h5l2-3h2l-1 4 4 4z" fill="currentColor" />
    </svg>
  );
}

/** A pair of skis, tips up, on a sled track. */
function SledskiIcon() {
  return (
    <svg className="calendar-mark class-icon sledski" viewBox="0 0 24 16" aria-hidden="true" focusable="false">
      <path d="M3 9h15q3 0 4-3M3 12h15q3 0 4-3" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      <path d="M2 15h20" fill="none" stroke="currentColor" strokeWidth="1.2" strokeDasharray="2 2" />
    </svg>
  );
}

export function ClassIcon({ type }: { type: string | null | undefined }) {
  if (type === 'moto') return <MotoIcon />;
  if (type === 'sledski') return <SledskiIcon />;
  return null;
}
