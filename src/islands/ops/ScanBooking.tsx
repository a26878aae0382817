/**
 * Finding a booking by the QR code on the customer's My Bookings card, with the phone's camera
 * (the back one where there are two). The reader and the camera start together when the operator
 * asks; the first booking card seen searches for it (the bookings on the card's date), and the
 * camera stops whenever the scan ends.
 */
import { useEffect, useRef, useState } from 'react';
import { bookingCardCode } from '../../lib/booking-qr.ts';
import { useHydrated } from '../shared/use-hydrated.ts';

const LOOK_EVERY_MS = 200;

function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError')
    return "The camera was not allowed. Allow it for this site in the browser's settings, or type the booking reference.";
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found. Type the booking reference instead.';
  return `The camera could not be opened${error instanceof Error && error.message ? ` (${error.message})` : ''}. Type the booking reference instead.`;
}

export function ScanBooking() {
  const hydrated = useHydrated();
  const [scanning, setScanning] = useState(false);
  const [watching, setWatching] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (!scanning) return;
    let stream: MediaStream | null = null;
    let ended = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('this browser offers no camera here');
      const [{ qrReader }, media] = await Promise.all([
        import('./qr-reader.ts'),
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
        const code = codes.map(bookingCardCode).find((found) => found !== null);
        if (code) {
          ended = true;
          window.location.assign(`/ops?q=${encodeURIComponent(code)}`);
          return;
        }
        if (codes.length > 0) setMessage('That QR code is not one of our booking cards.');
        timer = setTimeout(() => void look(), LOOK_EVERY_MS);
      };
      await look();
    }
    start().catch((error: unknown) => {
      if (ended) return;
      setMessage(cameraProblem(error));
      setScanning(false);
    });
    return () => {
      ended = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
      setWatching(false);
    };
  }, [scanning]);

  return (
    <div className="ops-scan">
      {scanning ? (
        <>
          <p className="ops-muted" role="status">
            {watching ? "Point the camera at the QR code on the customer's booking card." : 'Opening the camera…'}
          </p>
          <video ref={video} className="ops-camera" muted playsInline aria-label="Camera" />
          <button type="button" className="button secondary" onClick={() => setScanning(false)}>
            Stop scanning
          </button>
        </>
      ) : (
        <button
          type="button"
          className="button secondary"
          disabled={!hydrated}
          onClick={() => {
            setMessage(null);
            setScanning(true);
          }}
        >
          Scan a booking’s QR code
        </button>
      )}
      {message && (
        <p className="form-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
