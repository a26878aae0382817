/**
 * A signature typed instead of drawn: the signer's name, written in a handwriting face across the
 * same 1500 x 200 image a drawn signature makes, so a keyboard user can sign the waiver and the
 * stored record has one shape however it was made. A typed name is an electronic signature as a
 * drawn one is (it is the signer's act of adopting it that counts).
 */

/** The longest name the image takes; longer input is cut here, as a name field would. */
export const TYPED_SIGNATURE_MAX_LENGTH = 80;

/** The handwriting faces, the first the visitor's system has, else the browser's cursive face. */
export const TYPED_SIGNATURE_FONT_FAMILY = '"Segoe Script", "Bradley Hand", "Brush Script MT", "Snell Roundhand", cursive';

/** The name as it is written: control characters dropped, runs of spaces closed up, trimmed and cut to length. */
export function typedSignatureText(input: string): string {
  return (
    input
      // eslint-disable-next-line no-control-regex -- control characters are exactly what is dropped
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, TYPED_SIGNATURE_MAX_LENGTH)
  );
}

export interface TypedSignatureLayout {
  text: string;
  /** CSS font shorthand for the canvas. */
  font: string;
  /** Where the text's baseline starts, in image pixels. */
  x: number;
  y: number;
}

const LARGEST_FONT_PX = 120;
const SMALLEST_FONT_PX = 28;
const MARGIN_PX = 48;

export const typedSignatureFont = (sizePx: number) => `italic ${sizePx}px ${TYPED_SIGNATURE_FONT_FAMILY}`;

/**
 * Where and how large to write `name` on an image of `width` x `height`: the largest size, up to
 * 120 px and three fifths of the height, whose measured width fits between the margins (never
 * below 28 px, where a very long name may run off the end), on a baseline a little under the
 * middle, as a hand signs on a line. `measure` gives a text's width at a font. Null when there is
 * nothing to write.
 */
export function layoutTypedSignature(
  name: string,
  size: { width: number; height: number },
  measure: (text: string, font: string) => number,
): TypedSignatureLayout | null {
  const text = typedSignatureText(name);
  if (!text) return null;
  const largest = Math.min(LARGEST_FONT_PX, Math.floor(size.height * 0.6));
  const room = size.width - 2 * MARGIN_PX;
  const widthAtLargest = measure(text, typedSignatureFont(largest));
  const fitting = widthAtLargest > room ? Math.floor((largest * room) / widthAtLargest) : largest;
  return { text, font: typedSignatureFont(Math.max(SMALLEST_FONT_PX, fitting)), x: MARGIN_PX, y: Math.round(size.height * 0.68) };
}
