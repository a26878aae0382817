/**
 * The signature pad keeps a fixed 1500 x 200 drawing buffer while its canvas is
 * shown at the width of the page. signature_pad 2.3.2, which react-signature-canvas 1.0.7 wraps,
 * places each point at `clientX - rect.left`, `clientY - rect.top` of the canvas's
 * getBoundingClientRect(): CSS pixels, not buffer pixels. On a canvas shown 600 px wide a stroke at
 * the middle would land at x = 300 of 1500, a fifth of the way across. (react-signature-canvas only
 * rescales a canvas without fixed width and height, to the device pixel ratio, and clears it.)
 *
 * `mapPointsToBuffer` wraps the pad's point factory so each point is first scaled from the canvas's
 * CSS box into its buffer: x * width / rect.width, y * height / rect.height, measured at every
 * point, so a resize or zoom between strokes is followed. The canvas must have no border or
 * padding (its CSS box is then its content box); the frame around it belongs to a wrapper.
 */

interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The part of a signature_pad 2.x instance this relies on; `_createPoint` is private, hence the check. */
export interface ScalablePad {
  _canvas?: { width: number; height: number; getBoundingClientRect(): Rect };
  _createPoint?: (x: number, y: number, time?: number) => unknown;
}

const MAPPED = Symbol('points mapped to the drawing buffer');

/** Where a point of the viewport falls in the canvas's drawing buffer, as a client point signature_pad will offset by `rect`. */
export function toBufferClientPoint(x: number, y: number, rect: Rect, buffer: { width: number; height: number }): { x: number; y: number } {
  const scaleX = rect.width > 0 ? buffer.width / rect.width : 1;
  const scaleY = rect.height > 0 ? buffer.height / rect.height : 1;
  return { x: rect.left + (x - rect.left) * scaleX, y: rect.top + (y - rect.top) * scaleY };
}

/**
 * Makes a signature_pad instance draw where the pointer is on a CSS-scaled canvas. Safe to call
 * more than once; returns false (and changes nothing) for a pad without the expected internals.
 */
export function mapPointsToBuffer(pad: ScalablePad): boolean {
  const original = pad._createPoint;
  if (typeof original !== 'function') return false;
  if ((original as { [MAPPED]?: true })[MAPPED]) return true;
  const mapped = function (this: ScalablePad, x: number, y: number, time?: number) {
    const canvas = this._canvas;
    if (!canvas) return original.call(this, x, y, time);
    const point = toBufferClientPoint(x, y, canvas.getBoundingClientRect(), canvas);
    return original.call(this, point.x, point.y, time);
  };
  Object.defineProperty(mapped, MAPPED, { value: true });
  pad._createPoint = mapped;
  return true;
}
