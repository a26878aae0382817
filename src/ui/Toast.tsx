/**
 * A short message after a save: success in a polite status region, an error
 * in an alert region. Both regions are always in the page, so screen readers announce what appears
 * in them; the message clears itself after the time it was shown with.
 */
import { useCallback, useEffect, useEffectEvent, useState } from 'react';

export interface ToastMessage {
  kind: 'success' | 'error';
  text: string;
  /** How long it stays, in milliseconds. */
  durationMs: number;
}

/** The toast of one form: `show` replaces any message and restarts its timer. */
export function useToast() {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const show = useCallback((kind: ToastMessage['kind'], text: string, durationMs: number) => setToast({ kind, text, durationMs }), []);
  const clear = useCallback(() => setToast(null), []);
  return { toast, show, clear };
}

interface Props {
  toast: ToastMessage | null;
  /** Called when the message's time is up. */
  onClear: () => void;
}

export default function Toast({ toast, onClear }: Props) {
  const timeUp = useEffectEvent(() => onClear());
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => timeUp(), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <div className="toast-regions">
      <div role="status" className="toast-region">
        {toast?.kind === 'success' && <p className="toast toast-success">{toast.text}</p>}
      </div>
      <div role="alert" className="toast-region">
        {toast?.kind === 'error' && <p className="toast toast-error">{toast.text}</p>}
      </div>
    </div>
  );
}
