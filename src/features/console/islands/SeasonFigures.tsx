/**
 * The season in figures on /ops/reports: the trips of a season so far against the same days of the
 * season before, as the API sums them. Each figure is a chart and a plain table of the same numbers,
 * with its own CSV. The season is chosen by a plain GET (`?season=2026-27`).
 */
import { useId, useMemo } from 'react';
import { CSV_TYPE, csvFile, csvText } from '../../../../shared/reports/actual-use-csv.ts';
import { formatDenverDayWithYear } from '../../../../shared/rules/dates.ts';
import { saveTextFile } from '../../../lib/save-text-file.ts';
import { opsApi } from '../../../stores/ops-api.ts';
import { useSearchParam } from '../../../ui/hooks/use-search-param.ts';
import { useStaffData } from '../../../ui/hooks/use-staff-data.ts';
import { seasonTables, type FigureRow, type FigureTable, type SeasonFigures as Figures } from '../rules/season-tables.ts';
import { OpsStates } from './OpsStates.tsx';
import { SeasonChart } from './SeasonChart.tsx';
import { SeasonPicker, seasonAsked } from './SeasonPicker.tsx';

const download = (table: FigureTable, season: string) =>
  saveTextFile(csvFile(csvText(table.csvColumns, table.csvRows)), CSV_TYPE, `season-${season}-${table.id}.csv`);

/** A heading with a season's name in it ('Full 2025-26'): the name is never broken at its hyphen. */
const seasonsWhole = (heading: string) =>
  heading.split(/(\d{4}-\d{2})/).map((part, index) =>
    index % 2 === 1 ? (
      <span key={part} className="season-name">
        {part}
      </span>
    ) : (
      part
    ),
  );

function Table({ labelledBy, caption, columns, rows }: { labelledBy?: string; caption?: string; columns: string[]; rows: FigureRow[] }) {
  // A table wider than a phone scrolls in its frame, which the keyboard reaches to scroll it too.
  return (
    <div className="report-table-frame" tabIndex={0}>
      <table className="report-table" aria-labelledby={labelledBy}>
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {seasonsWhole(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={columns.length} className="report-nothing">
                No trips to count yet.
              </td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {row.cells.map((cell, index) => (
                <td key={columns[index + 1]}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FigureSection({ table, season }: { table: FigureTable; season: string }) {
  const id = useId();
  const drawn = table.chart;
  return (
    <section className="season-figure" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{table.heading}</h3>
      {drawn && (
        <p id={`${id}-summary`} className="season-summary">
          {drawn.summary}
        </p>
      )}
      <div className={drawn ? 'season-figure-body' : 'season-figure-plain'}>
        {drawn && <SeasonChart chart={drawn} name={table.heading} describedBy={`${id}-summary`} />}
        <Table labelledBy={`${id}-title`} columns={table.columns} rows={table.rows} />
      </div>
      {table.detail && <Table caption={table.detail.caption} columns={table.detail.columns} rows={table.detail.rows} />}
      <div className="ops-actions-row report-buttons">
        <button type="button" className="button secondary" onClick={() => download(table, season)}>
          Download the CSV
        </button>
      </div>
    </section>
  );
}

function TheFigures({ figures }: { figures: Figures }) {
  const { season, before } = figures;
  // Made once per answer: a chart is drawn again only when its figures change.
  const tables = useMemo(() => seasonTables(figures), [figures]);
  if (!season.through) {
    return (
      <p className="season-intro">
        The {season.label} season begins {formatDenverDayWithYear(season.firstDay)}. Its figures start with its first trips.
      </p>
    );
  }
  return (
    <>
      <p className="season-intro">
        Trips from {formatDenverDayWithYear(season.firstDay)} through {formatDenverDayWithYear(season.through)}, beside the same days of the{' '}
        {before.label} season.
      </p>
      {tables.map((table) => (
        <FigureSection key={table.id} table={table} season={season.label} />
      ))}
    </>
  );
}

export function SeasonFigures() {
  const season = seasonAsked(useSearchParam('season'), new Date());
  const state = useStaffData<Figures>(`season:${season}`, (signal) => opsApi.seasonFigures({ query: { season }, signal }));
  return (
    <section className="season-figures" aria-labelledby="season-figures-title">
      <h2 id="season-figures-title">The season in figures</h2>
      <SeasonPicker season={season} action="/ops/reports" />
      {state.status === 'ready' ? <TheFigures figures={state.data} /> : <OpsStates state={state} loadingLabel="Counting the season" />}
    </section>
  );
}
