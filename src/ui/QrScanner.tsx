/**
 * A camera button that reads QR codes: `start` opens the camera (disabled until the island runs),
 * `hint` says what to point it at, and Stop scanning closes it. Each code read goes to `onScan`: a
 * code it was looking for ends the scan; anything else is said beneath and the camera keeps looking.
 * Why the camera could not open is said too, ending with what to do `instead`.
 */
import { useState } from 'react';
import { useHydrated } from './hooks/use-hydrated.ts';
import { cameraProblem, useQrCamera } from './hooks/use-qr-camera.ts';

/** What a scanned text did: found what was looked for (the scan ends), or something else, in words. */
export type ScanOutcome = { found: true } | { found: false; words: string };

interface Props {
  /** The container's class, for where it stands on its page. */
  className: string;
  start: string;
  hint: string;
  instead: string;
  onScan: (text: string) => ScanOutcome;
}

export default function QrScanner({ className, start, hint, instead, onScan }: Props) {
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
      setMessage(cameraProblem(error, instead));
      setScanning(false);
    },
  });

  return (
    <div className={`qr-scanner ${className}`}>
      {scanning ? (
        <>
          <p className="qr-scanner-hint" role="status">
            {watching ? hint : 'Opening the camera…'}
          </p>
          <video ref={video} className="qr-camera" muted playsInline aria-label="Camera" />
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
          {start}
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
