import { describe, expect, it } from 'vitest';
import { layoutTypedSignature, TYPED_SIGNATURE_MAX_LENGTH, typedSignatureText } from '../../src/lib/typed-signature.ts';

const IMAGE = { width: 1500, height: 200 };
/** A stand-in for the canvas's measureText: each character half as wide as the font is tall. */
const halfEm = (text: string, font: string) => text.length * 0.5 * Number(/(\d+)px/.exec(font)?.[1]);

describe('the typed name', () => {
  it('closes up spaces, drops control characters and trims', () => {
    expect(typedSignatureText('  Kit \u0000 Keyboard\t\n ')).toBe('Kit Keyboard');
  });

  it('is cut at the longest name the image takes', () => {
    expect(typedSignatureText('a'.repeat(200))).toHaveLength(TYPED_SIGNATURE_MAX_LENGTH);
  });
});

describe('the typed signature on the 1500 x 200 image', () => {
  it('writes a short name at the largest size, italic in a handwriting face, on a line under the middle', () => {
    const layout = layoutTypedSignature('Kit Keyboard', IMAGE, halfEm);
    expect(layout).toEqual({ text: 'Kit Keyboard', font: expect.stringMatching(/^italic 120px .*cursive$/), x: 48, y: 136 });
  });

  it('shrinks a long name until it fits between the margins', () => {
    const name = 'Maximiliana Bartholomew-Featherstonehaugh';
    const layout = layoutTypedSignature(name, IMAGE, halfEm);
    const width = halfEm(name, layout?.font ?? '');
    expect(width).toBeLessThanOrEqual(1500 - 2 * 48);
    expect(width).toBeGreaterThan(1500 - 2 * 48 - name.length);
  });

  it('never goes below 28 px, however long the name', () => {
    expect(layoutTypedSignature('W'.repeat(80), IMAGE, (text, font) => text.length * 4 * Number(/(\d+)px/.exec(font)?.[1]))?.font).toMatch(
      /^italic 28px /,
    );
  });

  it('keeps the letters within a short image', () => {
    expect(layoutTypedSignature('Jo', { width: 1500, height: 100 }, halfEm)?.font).toMatch(/^italic 60px /);
  });

  it('has nothing to write for a blank name', () => {
    expect(layoutTypedSignature(' \u0000 ', IMAGE, halfEm)).toBeNull();
  });
});
