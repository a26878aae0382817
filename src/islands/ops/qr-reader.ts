/**
 * Reading QR codes from the camera: the browser's own BarcodeDetector where it reads QR codes
 * (Android, macOS, ChromeOS), else the barcode-detector polyfill (zxing-wasm), whose WebAssembly
 * the site serves itself. Loaded only when an operator starts a scan.
 */
import type { BarcodeDetector as Detector } from 'barcode-detector/ponyfill';

export interface QrReader {
  /** The text of each QR code in the camera's current frame. */
  read(video: HTMLVideoElement): Promise<string[]>;
}

type DetectorClass = typeof Detector;

function readerOf(detector: Detector): QrReader {
  return { read: async (video) => (await detector.detect(video)).map((code) => code.rawValue) };
}

export async function qrReader(): Promise<QrReader> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (native && (await native.getSupportedFormats()).includes('qr_code')) return readerOf(new native({ formats: ['qr_code'] }));
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) } });
  return readerOf(new BarcodeDetector({ formats: ['qr_code'] }));
}
