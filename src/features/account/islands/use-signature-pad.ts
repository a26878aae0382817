/**
 * The waiver's signature pad: a canvas whose image is 1500 x 200 px however wide it is shown, with
 * strokes placed where the pointer is (see signature-scaling.ts). While the pad holds the saved
 * signature it is drawn back into it, once per canvas (a remounted canvas starts blank); a typed
 * name is written into it instead of strokes; a new text empties it. The pad is empty unless it
 * holds a stroke drawn since, the saved signature, or a typed name with something in it. A saved
 * signature or a typed name can be sent before the canvas is there (its code still on its way);
 * strokes need the canvas.
 */
import { useEffect, useRef } from 'react';
import type SignatureCanvas from 'react-signature-canvas';
import { fitStrokes, type Strokes } from '../../../lib/fit-strokes.ts';
import { typedSignatureText } from '../../../lib/typed-signature.ts';
import { mapPointsToBuffer, type ScalablePad } from './signature-scaling.ts';
import { typedSignatureImage, writeTypedSignature } from './typed-signature-canvas.ts';
import type { PadContent, SignMethod } from './waiver-form-state.ts';

type Pad = InstanceType<typeof SignatureCanvas>;

/** The stored image's size: the canvas's drawing buffer, whatever its size on screen. */
export const SIGNATURE_WIDTH = 1500;
export const SIGNATURE_HEIGHT = 200;
/** The pen: its ink and its line's width range (in drawing-buffer pixels), thinner as it moves faster. */
export const PEN = { color: '#1b2730', minWidth: 1.5, maxWidth: 4.5 } as const;
const INK = PEN.color;
/** Room left around a signature fitted into the pad from a larger signing area. */
const FIT_MARGIN = 12;

interface Options {
  /** Whether the canvas is in the page (it mounts, blank, once the form is ready and its code has arrived). */
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

  /** Draws strokes made elsewhere (a larger signing area) into the pad, fitted to its shape; false without a canvas. */
  function drawStrokes(strokes: Strokes): boolean {
    const canvas = pad.current;
    if (!canvas) return false;
    canvas.fromData(
      fitStrokes(strokes, { width: SIGNATURE_WIDTH, height: SIGNATURE_HEIGHT }, FIT_MARGIN) as unknown as Parameters<Pad['fromData']>[0],
    );
    shown.current = null;
    return true;
  }

  /** The signature to send, or null for strokes without a canvas. */
  function take(): TakenSignature | null {
    const canvas = pad.current;
    const markSaved = (stored: string) => {
      shown.current = canvas ? { instance: canvas.getSignaturePad(), signature: stored } : null;
    };
    // An untouched saved signature is sent as it was stored, not re-encoded (its image may still be loading).
    if (method === 'draw' && content === 'saved' && savedSignature) return { image: savedSignature, markSaved };
    if (canvas) return { image: canvas.toDataURL('image/png'), markSaved };
    if (method === 'type') return { image: typedSignatureImage(typedName, SIGNATURE_WIDTH, SIGNATURE_HEIGHT, INK), markSaved };
    return null;
  }

  const holdsStrokes = content === 'drawn' || (content === 'saved' && savedSignature !== null);
  const empty = method === 'draw' ? !holdsStrokes : typedSignatureText(typedName) === '';
  /** The props of the pad's `SignatureCanvas`. */
  const signatureCanvasProps = {
    ref: attach,
    clearOnResize: false,
    penColor: PEN.color,
    minWidth: PEN.minWidth,
    maxWidth: PEN.maxWidth,
    onEnd: onDrawn,
    canvasProps: { width: SIGNATURE_WIDTH, height: SIGNATURE_HEIGHT, className: 'signature-canvas' },
  };
  return { signatureCanvasProps, clear, take, drawStrokes, empty };
}
