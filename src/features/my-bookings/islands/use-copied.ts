/**
 * Copies text to the clipboard and marks which item was copied for 2 seconds. A clipboard that
 * refuses is only logged: the link stays on screen to copy by hand.
 */
import { useCallback, useEffect, useState } from 'react';

export const COPIED_MS = 2000;

export function useCopied() {
  const [copied, setCopied] = useState<{ key: string; at: number } | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = useCallback(async (key: string, text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied({ key, at: Date.now() });
    } catch (error) {
      console.warn('Could not copy to the clipboard', error);
    }
  }, []);
  return { copiedKey: copied?.key ?? null, copy };
}
