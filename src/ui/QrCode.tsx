/**
 * A QR code for a scanner to read: a booking card's (the id of the booking's date, as the console
 * finds the booking) or a trailhead pass's. The code that draws it is fetched when the first one
 * shows, so a customer without bookings never fetches it; until it arrives (or if it cannot) a blank
 * box of the code's size holds its place.
 */
import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';
import type { QRCodeSVG as QrCodeDrawing } from 'qrcode.react';

function QrCodePending() {
  return <span className="qr-pending" />;
}

const QRCodeSVG = lazy<ComponentType<ComponentProps<typeof QrCodeDrawing>>>(() =>
  import('qrcode.react').then(
    (code) => ({ default: code.QRCodeSVG }),
    (error: unknown) => {
      console.warn('Could not load the QR code', error);
      return { default: QrCodePending };
    },
  ),
);

interface Props {
  /** What the code holds. */
  value: string;
  /** Its accessible name, naming what it is for as people do. */
  label: string;
  /** Width and height, in CSS pixels. */
  size: number;
}

export default function QrCode({ value, size, label }: Props) {
  return (
    <Suspense fallback={<QrCodePending />}>
      <QRCodeSVG value={value} size={size} marginSize={4} role="img" aria-label={label} />
    </Suspense>
  );
}
