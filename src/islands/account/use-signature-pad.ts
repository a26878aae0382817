/**
 * The waiver's signature pad: a canvas whose image is 1500 x 200 px however wide it is shown, with
 * strokes placed where the pointer is (see signature-scaling.ts). While the pad holds the saved
 * signature it is drawn back into it, once per canvas (a remounted canvas starts blank); a typed
 * name is written into it instead of strokes; a new text empties it. The pad is empty unless it
 * holds a stroke drawn since, the saved signature, or a typed name with something in it.
 */
import { useEffect, useRef } from 'react';
import SignatureCanvasImport from 'react-signature-canvas';
import { typedSignatureText } from '../../lib/typed-signature.ts';
import { mapPointsToBuffer, type ScalablePad } from './signature-scaling.ts';
import { writeTypedSignature } from './typed-signature-canvas.ts';
import type { PadContent, SignMethod } from './waiver-form-state.ts';

/**
 * react-signature-canvas is CommonJS with `exports.default`: bundlers hand over the class, while
 * Node's own import (server rendering) hands over the exports object. Either way, the class.
 */
export const SignatureCanvas: typeof SignatureCanvasImport =
  (SignatureCanvasImport as unknown as { default?: typeof SignatureCanvasImport }).default ?? SignatureCanvasImport;
type Pad = InstanceType<typeof SignatureCanvasImport>;

/** The stored image's size: the canvas's drawing buffer, whatever its size on screen. */
export const SIGNATURE_WIDTH = 1500;
export const SIGNATURE_HEIGHT = 200;
const INK = '#1b2730';

interface Options {
  /** Whether the canvas is in the page (it mounts, blank, once the form is ready). */
  live: boolean;
  /** The SHA-256 of the text signed: a new text empties the pad. */
  text: string;
  method: SignMethod;
  content: PadContent;
  typedName: string;
  /** The customer's saved signature while it still counts, else null. */
  savedSignature: string | null;
  /** Called when a stroke ends. */
  onDrawn: () => void;
}

/** A signature taken from the pad to be sent. */
export interface TakenSignature {
  /** The image, as a PNG data URL. */
  image: string;
  /** Marks the signature as stored: the pad then holds the saved signature and does not draw it again. */
  markSaved: (stored: string) => void;
}

export function useSignaturePad({ live, text, method, content, typedName, savedSignature, onDrawn }: Options) {
  const pad = useRef<Pad | null>(null);
  /** The saved signature drawn into the pad, and the signature_pad instance it was drawn with. */
  const shown = useRef<{ instance: unknown; signature: string } | null>(null);

  const textInPad = useRef(text);
  useEffect(() => {
    if (textInPad.current === text) return;
    textInPad.current = text;
    pad.current?.clear();
    shown.current = null;
  }, [text]);

  // Draw the saved signature into the pad, once per pad: a remounted pad starts blank.
  useEffect(() => {
    const canvas = pad.current;
    const instance = canvas?.getSignaturePad();
    if (!canvas || !instance) return;
    mapPointsToBuffer(instance as unknown as ScalablePad);
    if (content !== 'saved' || !savedSignature) return;
    if (shown.current?.instance === instance && shown.current.signature === savedSignature) return;
    canvas.clear();
    canvas.fromDataURL(savedSignature, { width: SIGNATURE_WIDTH, height: SIGNATURE_HEIGHT });
    shown.current = { instance, signature: savedSignature };
  }, [live, content, savedSignature]);

  // A typed signature is written into the pad as the name changes; the pad takes no strokes meanwhile.
  useEffect(() => {
    const canvas = pad.current;
    if (!canvas || method !== 'type') return;
    canvas.off();
    canvas.clear();
    writeTypedSignature(canvas.getCanvas(), typedName, INK);
    return () => canvas.on();
  }, [live, method, typedName]);

  function attach(instance: Pad | null) {
    pad.current = instance;
    const signaturePad = instance?.getSignaturePad();
    if (signaturePad) mapPointsToBuffer(signaturePad as unknown as ScalablePad);
  }

  /** Empties the pad of strokes, of the saved signature and of a typed name. */
  function clear() {
    pad.current?.clear();
    shown.current = null;
  }

  /** The signature to send, or null without a canvas. */
  function take(): TakenSignature | null {
    const canvas = pad.current;
    if (!canvas) return null;
    // An untouched saved signature is sent as it was stored, not re-encoded (its image may still be loading).
    const image = method === 'draw' && content === 'saved' && savedSignature ? savedSignature : canvas.toDataURL('image/png');
    const markSaved = (stored: string) => {
      shown.current = { instance: canvas.getSignaturePad(), signature: stored };
    };
    return { image, markSaved };
  }

  const holdsStrokes = content === 'drawn' || (content === 'saved' && savedSignature !== null);
  const empty = method === 'draw' ? !holdsStrokes : typedSignatureText(typedName) === '';
  /** The props of the pad's `SignatureCanvas`. */
  const signatureCanvasProps = {
    ref: attach,
    clearOnResize: false,
    penColor: INK,
    minWidth: 1.5,
    maxWidth: 4.5,
    onEnd: onDrawn,
    canvasProps: { width: SIGNATURE_WIDTH, height: SIGNATURE_HEIGHT, className: 'signature-canvas' },
  };
  return { signatureCanvasProps, clear, take, empty };
}
