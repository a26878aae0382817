/**
 * A bar chart of one figure, this season's bars beside the season before's, drawn by uPlot on a canvas
 * as wide as its column. uPlot loads with the first chart, on the reports page alone. The canvas is an
 * image with a name and a description; the table beside it has the same numbers, for screen readers
 * and print, so the chart has no legend to click and no pointer readout.
 */
import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { unitWords, type FigureChart } from '../rules/season-tables.ts';

/** This season in the site's pine, the season before in a grey that still stands out from the page. */
export const SERIES_COLORS = ['#1f4d3a', '#72838f'];
const HEIGHT = 220;

/** The steps between ticks: 1, 2 and 5 times a power of ten, from `smallest` up. */
const steps = (smallest: number) => Array.from({ length: 9 }, (_, power) => [1, 2, 5].map((step) => step * smallest * 10 ** power)).flat();
/** Ticks of whole seats, whole dollars (the values are cents) and tens of percent. */
const TICKS = { count: steps(1), dollars: steps(100), percent: [10, 20, 25, 50] };

function options(UPlot: typeof uPlot, chart: FigureChart, width: number): uPlot.Options {
  const bars = UPlot.paths.bars;
  if (!bars) throw new Error('This uPlot draws no bars');
  // A name of two words or more is written a word a line beneath its bars.
  const names = chart.categories.map((name) => name.split(' ').join('\n'));
  const lines = Math.max(1, ...names.map((name) => name.split('\n').length));
  const highest = Math.max(0, ...chart.series.flatMap((series) => series.values.map((value) => value ?? 0)));
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    scales: {
      x: { time: false, range: () => [-0.5, chart.categories.length - 0.5] },
      y: { range: () => [0, chart.unit === 'percent' ? 100 : Math.max(highest * 1.1, 1)] },
    },
    axes: [
      {
        splits: () => names.map((_, index) => index),
        values: (_, splits) => splits.map((at) => names[at] ?? ''),
        size: 16 + 16 * lines,
        grid: { show: false },
      },
      {
        incrs: TICKS[chart.unit],
        values: (_, splits) => splits.map((value) => unitWords(chart.unit, Math.round(value))),
        size: 64,
        grid: { stroke: '#e4e9ec' },
      },
    ],
    series: [
      {},
      ...chart.series.map((series, index) => ({
        label: series.label,
        fill: SERIES_COLORS[index] ?? 'gray',
        stroke: SERIES_COLORS[index] ?? 'gray',
        width: 0,
        points: { show: false },
        paths: bars({ size: [0.4, 48], align: index === 0 ? -1 : 1, gap: 2 }),
      })),
    ],
  };
}

export function SeasonChart({ chart, name, describedBy }: { chart: FigureChart; name: string; describedBy: string }) {
  const frame = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    let plot: uPlot | null = null;
    let gone = false;
    const resize = new ResizeObserver(() => plot?.setSize({ width: element.clientWidth, height: HEIGHT }));
    import('uplot')
      .then(({ default: UPlot }) => {
        if (gone) return;
        const data: uPlot.AlignedData = [chart.categories.map((_, index) => index), ...chart.series.map((series) => series.values)];
        plot = new UPlot(options(UPlot, chart, element.clientWidth), data, element);
        resize.observe(element);
      })
      .catch(() => setFailed(true));
    return () => {
      gone = true;
      resize.disconnect();
      plot?.destroy();
    };
  }, [chart]);

  return (
    <figure className="season-chart">
      <div ref={frame} className="season-chart-canvas" role="img" aria-label={name} aria-describedby={describedBy} />
      <figcaption className="season-chart-key">
        {chart.series.map((series, index) => (
          <span key={series.label}>
            <span className="season-chart-swatch" style={{ background: SERIES_COLORS[index] }} aria-hidden="true" />
            {series.label}
          </span>
        ))}
        {failed && <span> The chart could not be drawn; the table has its numbers.</span>}
      </figcaption>
    </figure>
  );
}
