/**
 * What an action in the console did ('Moved to Sat, Jan 9...'), announced politely and brought into
 * sight when it appears or says something new: the form that was used has closed, and on a phone the
 * notice may be above the screen.
 */
import { useEffect, useRef, type ReactNode } from 'react';

export default function OpsNotice({ children }: { children: ReactNode }) {
  const notice = useRef<HTMLParagraphElement>(null);
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const text = notice.current?.textContent ?? '';
    if (text === shown.current) return;
    shown.current = text;
    notice.current?.scrollIntoView({ block: 'nearest' });
  });
  return (
    <p className="ops-notice" role="status" ref={notice}>
      {children}
    </p>
  );
}
