/**
 * The phone's camera reading QR codes (the back camera where there are two), from when `on` turns true
 * until it turns false or `onCodes` says the scan is over (by returning true). The reader and the
 * camera start together, and the camera stops whenever the scan ends. `onProblem` hears why the
 * camera could not be opened, in words that end with what to do instead.
 */
import { useEffect, useRef, useState } from 'react';

const LOOK_EVERY_MS = 200;

/** Why the camera could not be opened, ending with what to do `instead` ('type the booking reference'). */
export function cameraProblem(error: unknown, instead: string): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError') return `The camera was not allowed. Allow it for this site in the browser's settings, or ${instead}.`;
  const otherwise = `${instead.charAt(0).toUpperCase()}${instead.slice(1)} instead.`;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return `No camera was found. ${otherwise}`;
  return `The camera could not be opened${error instanceof Error && error.message ? ` (${error.message})` : ''}. ${otherwise}`;
}

interface Handlers {
  /** The texts of the QR codes in one frame (never empty); true ends the scan. */
  onCodes: (codes: string[]) => boolean;
  onProblem: (error: unknown) => void;
}

/** The ref of the <video> that shows the camera, and whether it is showing (false while it opens). */
export function useQrCamera(on: boolean, handlers: Handlers) {
  const video = useRef<HTMLVideoElement>(null);
  const [watching, setWatching] = useState(false);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!on) return;
    let stream: MediaStream | null = null;
    let ended = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('this browser offers no camera here');
      const [{ qrReader }, media] = await Promise.all([
        import('../../lib/qr-reader.ts'),
        navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false }),
      ]);
      stream = media;
      const reader = await qrReader();
      const element = video.current;
      if (ended || !element) return;
      element.srcObject = media;
      await element.play();
      setWatching(true);
      const look = async () => {
        if (ended) return;
        const codes = await reader.read(element).catch(() => []);
        if (codes.length > 0 && latest.current.onCodes(codes)) {
          ended = true;
          return;
        }
        timer = setTimeout(() => void look(), LOOK_EVERY_MS);
      };
      await look();
    }
    start().catch((error: unknown) => {
      if (!ended) latest.current.onProblem(error);
    });
    return () => {
      ended = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
      setWatching(false);
    };
  }, [on]);

  return { video, watching };
}
