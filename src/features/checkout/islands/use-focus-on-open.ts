/** A step's forms opened from its summary ('Review or change'): the first field takes focus, where the button was. */
import { useEffect, useRef } from 'react';

export function useFocusOnOpen(opened: boolean) {
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (opened)
      frame.current?.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), textarea:not([disabled])')?.focus();
  }, [opened]);
  return frame;
}
