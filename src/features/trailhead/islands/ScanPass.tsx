/**
 * `Scan a pass` on the trip sheet: the phone's camera reads members' trailhead passes, with no
 * network. A pass of a member ends the scan (the sheet shows them, checked in); anything else says
 * what it is and the camera keeps looking.
 */
import { useState } from 'react';
import { useHydrated } from '../../../islands/shared/use-hydrated.ts';
import { cameraProblem, useQrCamera } from '../../../islands/shared/use-qr-camera.ts';

/** What a scanned text did: found a member (the scan ends), or something else, in words. */
export type ScanOutcome = { found: true } | { found: false; words: string };

export default function ScanPass({ onScan }: { onScan: (text: string) => ScanOutcome }) {
  const hydrated = useHydrated();
  const [scanning, setScanning] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const { video, watching } = useQrCamera(scanning, {
    onCodes: (codes) => {
      for (const code of codes) {
        const outcome = onScan(code);
        if (outcome.found) {
          setMessage(null);
          setScanning(false);
          return true;
        }
        setMessage(outcome.words);
      }
      return false;
    },
    onProblem: (error) => {
      setMessage(cameraProblem(error, 'check them in by name below'));
      setScanning(false);
    },
  });

  return (
    <div className="trip-scan">
      {scanning ? (
        <>
          <p className="trip-scan-hint" role="status">
            {watching ? "Point the camera at the QR code on the member's pass." : 'Opening the camera…'}
          </p>
          <video ref={video} className="trip-camera" muted playsInline aria-label="Camera" />
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
          Scan a pass
        </button>
      )}
      {message && (
        <p className="trip-scan-message" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
