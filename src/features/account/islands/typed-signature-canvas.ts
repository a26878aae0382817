/** Writes a typed name into the signature pad's canvas (see src/lib/typed-signature.ts for the layout). */
import { layoutTypedSignature } from '../../../lib/typed-signature.ts';

export function writeTypedSignature(canvas: HTMLCanvasElement, name: string, ink: string): void {
  const context = canvas.getContext('2d');
  if (!context) return;
  const layout = layoutTypedSignature(name, canvas, (text, font) => {
    context.font = font;
    return context.measureText(text).width;
  });
  if (!layout) return;
  context.save();
  context.font = layout.font;
  context.fillStyle = ink;
  context.textBaseline = 'alphabetic';
  context.fillText(layout.text, layout.x, layout.y);
  context.restore();
}

/** A typed name written into a blank, transparent image of the given size, as a PNG data URL: the image an emptied pad holds with it. */
export function typedSignatureImage(name: string, width: number, height: number, ink: string): string {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  writeTypedSignature(canvas, name, ink);
  return canvas.toDataURL('image/png');
}
