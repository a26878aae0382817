/**
 * A booking's QR code, which holds the id of the booking's date, as the console's scanner reads it
 * to find the booking (the spec's content). The code that draws it is fetched when the first
 * booking card shows, so a customer without bookings never fetches it; until it arrives (or if it
 * cannot) a blank box of the code's size holds its place.
 */
import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';
import type { QRCodeSVG as QrCodeDrawing } from 'qrcode.react';

function QrCodePending() {
  return <span className="booking-qr-pending" />;
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
  /** What the code holds: the booking's date id. */
  value: string;
  /** Its accessible name, naming the booking as people do. */
  label: string;
  /** Width and height, in CSS pixels (the stand-in's are in profile.css). */
  size: number;
}

export default function BookingQrCode({ value, size, label }: Props) {
  return (
    <Suspense fallback={<QrCodePending />}>
      <QRCodeSVG value={value} size={size} marginSize={4} role="img" aria-label={label} />
    </Suspense>
  );
}
