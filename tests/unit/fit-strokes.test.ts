import { describe, expect, it } from 'vitest';
import { fitStrokes, type Strokes } from '../../src/lib/fit-strokes.ts';

const BOX = { width: 1500, height: 200 };
const bounds = (strokes: Strokes) => {
  const points = strokes.flat();
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
};

describe('fitting a signature drawn on a phone into the waiver’s 1500 x 200 box', () => {
  it('scales a tall signature to the box’s height inside the margin, centred across, keeping its shape', () => {
    // 300 wide and 200 tall, drawn at (40, 100) on a phone's signing view.
    const drawn = [
      [
        { x: 40, y: 100, time: 0 },
        { x: 190, y: 300, time: 10 },
      ],
      [
        { x: 200, y: 150, time: 20 },
        { x: 340, y: 120, time: 30 },
      ],
    ];
    const fitted = fitStrokes(drawn, BOX, 10);
    const { left, right, top, bottom } = bounds(fitted);
    expect(top).toBeCloseTo(10);
    expect(bottom).toBeCloseTo(190);
    // 180 / 200 = 0.9: the width goes from 300 to 270, centred in 1500.
    expect(right - left).toBeCloseTo(270);
    expect(left).toBeCloseTo((1500 - 270) / 2);
  });

  it('scales a long signature to the box’s width', () => {
    const fitted = fitStrokes(
      [
        [
          { x: 0, y: 0, time: 0 },
          { x: 2980, y: 100, time: 5 },
        ],
      ],
      BOX,
      10,
    );
    const { left, right, top, bottom } = bounds(fitted);
    expect(left).toBeCloseTo(10);
    expect(right).toBeCloseTo(1490);
    expect(bottom - top).toBeCloseTo(1480 / 29.8);
    expect(top).toBeCloseTo((200 - 1480 / 29.8) / 2);
  });

  it('keeps each point’s time and colour, and the strokes apart', () => {
    const fitted = fitStrokes([[{ x: 1, y: 1, time: 7, color: '#1b2730' }], [{ x: 5, y: 9, time: 9 }]], BOX, 10);
    expect(fitted).toHaveLength(2);
    expect(fitted[0]?.[0]).toMatchObject({ time: 7, color: '#1b2730' });
    expect(fitted[1]?.[0]?.time).toBe(9);
  });

  it('does not blow a dot or a tiny scrawl up to the box, and centres it', () => {
    expect(fitStrokes([[{ x: 30, y: 40, time: 0 }]], BOX, 10)).toEqual([[{ x: 750, y: 100, time: 0 }]]);
    const scrawl = fitStrokes(
      [
        [
          { x: 0, y: 0, time: 0 },
          { x: 4, y: 2, time: 1 },
        ],
      ],
      BOX,
      10,
    );
    const { left, right } = bounds(scrawl);
    expect(right - left).toBeCloseTo(24);
  });

  it('gives nothing for nothing drawn', () => {
    expect(fitStrokes([], BOX, 10)).toEqual([]);
  });
});
