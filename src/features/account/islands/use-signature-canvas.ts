/**
 * The signature pad's canvas, whose code is fetched once the pad's box comes within a screen's
 * height of the visible part of the page: at once where the waiver is the page (/waiver, the
 * checkout's waiver step), and on the profile only as the customer scrolls towards it. Until it
 * arrives the box keeps its place with a stand-in of the same size. The code is fetched once per
 * page and shared by every pad; a failed fetch is tried again by the next pad that comes near.
 */
import { useEffect, useState } from 'react';

/** Draws the pad's canvas element from the pad's props. */
export type DrawSignatureCanvas = (typeof import('./signature-canvas.tsx'))['drawSignatureCanvas'];

let arrived: DrawSignatureCanvas | null = null;
let fetching: Promise<DrawSignatureCanvas> | null = null;
function fetchCanvasCode(): Promise<DrawSignatureCanvas> {
  fetching ??= import('./signature-canvas.tsx').then(
    (code) => (arrived = code.drawSignatureCanvas),
    (error: unknown) => {
      fetching = null;
      throw error;
    },
  );
  return fetching;
}

/** How near the visible part of the page the pad's box must come for its code to be fetched: a screen's height. */
const NEAR = '100% 0px';

/** Whether `element` has come near the visible part of the page; it stays so. Without IntersectionObserver, at once. */
function useNearScreen(element: HTMLElement | null): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}

/**
 * `drawCanvas` once the canvas code has arrived, else null; `padBoxRef` for the pad's box. Code that
 * has already arrived is there from the first render, so a pad shown again does not flash its stand-in.
 */
export function useSignatureCanvas() {
  const [box, setBox] = useState<HTMLElement | null>(null);
  const near = useNearScreen(box);
  // A function in state is set through an updater, or React would call it.
  const [drawCanvas, setDrawCanvas] = useState<DrawSignatureCanvas | null>(() => arrived);
  useEffect(() => {
    if (!near || drawCanvas) return;
    let mounted = true;
    fetchCanvasCode().then(
      (draw) => {
        if (mounted) setDrawCanvas(() => draw);
      },
      (error: unknown) => console.warn('Could not load the signature pad', error),
    );
    return () => {
      mounted = false;
    };
  }, [near, drawCanvas]);
  return { drawCanvas, padBoxRef: setBox };
}
