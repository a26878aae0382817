/**
 * A signing area a finger can use: 'Sign on a larger pad' opens a view that fills the screen (a
 * modal dialog, so focus stays in it and Escape closes it), where the signer draws as large as they
 * like. 'Use this signature' hands the strokes to the waiver's pad, which fits them into its
 * 1500 x 200 image; 'Cancel' keeps the pad as it was. Offered on narrow screens, where the pad
 * itself is a thin strip.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type SignatureCanvas from 'react-signature-canvas';
import type { Strokes } from '../../../lib/fit-strokes.ts';
import { mapPointsToBuffer, type ScalablePad } from './signature-scaling.ts';
import type { DrawSignatureCanvas } from './use-signature-canvas.ts';
import { PEN } from './use-signature-pad.ts';

type Pad = InstanceType<typeof SignatureCanvas>;

interface Props {
  drawCanvas: DrawSignatureCanvas;
  /** The form cannot take a signature now (it is sending one). */
  disabled: boolean;
  /** The signer chose to use what they drew. */
  onUse: (strokes: Strokes) => void;
}

export default function SigningView({ drawCanvas, disabled, onUse }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const area = useRef<HTMLDivElement>(null);
  const [pad, setPad] = useState<Pad | null>(null);
  /** The canvas's drawing buffer, measured from the area as the view opens (sharp on the phone's own pixels). */
  const [buffer, setBuffer] = useState<{ width: number; height: number; ratio: number } | null>(null);
  const [empty, setEmpty] = useState(true);

  function open() {
    dialog.current?.showModal();
    const box = area.current?.getBoundingClientRect();
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    if (box) setBuffer({ width: Math.round(box.width * ratio), height: Math.round(box.height * ratio), ratio });
    setEmpty(true);
  }

  // Strokes land where the finger is, whatever the canvas's size on screen.
  useEffect(() => {
    const signaturePad = pad?.getSignaturePad();
    if (signaturePad) mapPointsToBuffer(signaturePad as unknown as ScalablePad);
  }, [pad]);

  function clear() {
    pad?.clear();
    setEmpty(true);
  }

  function use() {
    const strokes = pad?.toData() as Strokes | undefined;
    if (strokes && strokes.length > 0) onUse(strokes);
    dialog.current?.close();
  }

  const titleId = `${id}-title`;
  return (
    <>
      <button type="button" className="button secondary sign-larger" disabled={disabled} onClick={open}>
        Sign on a larger pad
      </button>
      <dialog ref={dialog} className="signing-view" aria-labelledby={titleId} onClose={() => setBuffer(null)}>
        <h2 id={titleId}>Sign here</h2>
        <p className="form-hint">
          Draw your signature along the line with your finger. Turn your phone sideways for more room. It is placed in the waiver’s
          signature box.
        </p>
        <div ref={area} className="signing-view-area" role="img" aria-label={`Large signing area, ${empty ? 'empty' : 'signed'}`}>
          {buffer &&
            drawCanvas({
              ref: setPad,
              clearOnResize: false,
              penColor: PEN.color,
              minWidth: PEN.minWidth * buffer.ratio,
              maxWidth: PEN.maxWidth * buffer.ratio,
              onEnd: () => setEmpty(false),
              canvasProps: { width: buffer.width, height: buffer.height, className: 'signing-view-canvas' },
            })}
        </div>
        <div className="signing-view-actions">
          <button type="button" className="button secondary" onClick={clear}>
            Clear
          </button>
          <button type="button" className="button secondary" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button type="button" className="button primary" disabled={empty} onClick={use}>
            Use this signature
          </button>
        </div>
      </dialog>
    </>
  );
}
