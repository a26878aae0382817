/**
 * A signature drawn in one box, fitted into another: every point moved and scaled the same both
 * ways, so the strokes' bounds fill the target inside its margin, centred, and their shape is kept.
 * A phone's signing view takes a signature as large as the screen allows; the waiver keeps it at
 * its 1500 x 200 shape.
 */

/** A point of a stroke as signature_pad records it: where, when (ms) and in what colour. */
export interface StrokePoint {
  x: number;
  y: number;
  time: number;
  color?: string;
}
export type Strokes = readonly (readonly StrokePoint[])[];

/** How much larger a signature may be made: a dot or a tiny scrawl is not blown up to fill the box. */
const MOST_ENLARGED = 6;

export function fitStrokes(strokes: Strokes, box: { width: number; height: number }, margin: number): StrokePoint[][] {
  const points = strokes.flat();
  if (points.length === 0) return [];
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  const width = Math.max(...xs) - left;
  const height = Math.max(...ys) - top;
  const room = { width: Math.max(box.width - 2 * margin, 0), height: Math.max(box.height - 2 * margin, 0) };
  const scale = Math.min(width > 0 ? room.width / width : MOST_ENLARGED, height > 0 ? room.height / height : MOST_ENLARGED, MOST_ENLARGED);
  const offsetX = (box.width - width * scale) / 2;
  const offsetY = (box.height - height * scale) / 2;
  return strokes.map((stroke) =>
    stroke.map((point) => ({ ...point, x: offsetX + (point.x - left) * scale, y: offsetY + (point.y - top) * scale })),
  );
}
