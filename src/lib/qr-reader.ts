/**
 * Reading QR codes from the camera: the browser's own BarcodeDetector where it reads QR codes
 * (Android, macOS, ChromeOS), else the barcode-detector polyfill (zxing-wasm), whose WebAssembly
 * the site serves itself. Loaded only when someone starts a scan, or saves a trip sheet (so that the
 * service worker keeps the WebAssembly for a trailhead with no signal).
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

/** The browser's own detector, when it reads QR codes. */
async function nativeDetector(): Promise<DetectorClass | null> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  return native && (await native.getSupportedFormats()).includes('qr_code') ? native : null;
}

const wasmUrl = async () => (await import('zxing-wasm/reader/zxing_reader.wasm?url')).default;

export async function qrReader(): Promise<QrReader> {
  const native = await nativeDetector();
  if (native) return readerOf(new native({ formats: ['qr_code'] }));
  const [{ BarcodeDetector, prepareZXingModule }, url] = await Promise.all([import('barcode-detector/ponyfill'), wasmUrl()]);
  prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? url : prefix + path) } });
  return readerOf(new BarcodeDetector({ formats: ['qr_code'] }));
}

/** Fetches what reading QR codes needs on this browser while there is a network, for the service worker to keep. */
export async function keepQrReaderForOffline(): Promise<void> {
  if (await nativeDetector()) return;
  const [, url] = await Promise.all([import('barcode-detector/ponyfill'), wasmUrl()]);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The scanner could not be fetched (${response.status}).`);
  await response.arrayBuffer();
}
