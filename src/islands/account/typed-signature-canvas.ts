/** Writes a typed name into the signature pad's canvas (see src/lib/typed-signature.ts for the layout). */
import { layoutTypedSignature } from '../../lib/typed-signature.ts';

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
