/**
 * Finding a booking by the QR code on the customer's My Bookings card, with the phone's camera
 * (the back one where there are two). The reader and the camera start together when the operator
 * asks; the first booking card seen searches for it (the bookings on the card's date), and the
 * camera stops whenever the scan ends.
 */
import { useState } from 'react';
import { bookingCardCode } from '../../lib/booking-qr.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import { cameraProblem, useQrCamera } from '../shared/use-qr-camera.ts';

export function ScanBooking() {
  const hydrated = useHydrated();
  const [scanning, setScanning] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const { video, watching } = useQrCamera(scanning, {
    onCodes: (codes) => {
      const code = codes.map(bookingCardCode).find((found) => found !== null);
      if (code) {
        window.location.assign(`/ops?q=${encodeURIComponent(code)}`);
        return true;
      }
      setMessage('That QR code is not one of our booking cards.');
      return false;
    },
    onProblem: (error) => {
      setMessage(cameraProblem(error, 'type the booking reference'));
      setScanning(false);
    },
  });

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
