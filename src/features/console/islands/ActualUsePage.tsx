/**
 * /ops/reports/actual-use?season=2026-27: the Forest Service's actual use report of a season, as the
 * API counts it (service days from the trailhead's check-ins, revenue by trip date net of refunds):
 * the table per activity and location with its totals and the estimated fee, then what was not
 * counted. Downloaded as a CSV, or printed on one page with the company's name, the permit season,
 * and when and by whom it was prepared. The season is chosen by a plain GET, so a report can be bookmarked.
 */
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import type * as v from 'valibot';
import { site } from '../../../../shared/company/site.ts';
import type { actualUseAnswer, permitSettingsAnswer } from '../../../../shared/contract/reports.ts';
import { actualUseCsv, percentWords } from '../../../../shared/reports/actual-use-csv.ts';
import { formatDenverDate, formatDenverDay } from '../../../../shared/rules/dates.ts';
import { formatDollars } from '../../../../shared/rules/pricing.ts';
import { seasonFor, seasonNamed } from '../../../../shared/rules/season.ts';
import { $authUser } from '../../../stores/auth.ts';
import { opsApi } from '../../../stores/ops-api.ts';
import { useHydrated } from '../../../ui/hooks/use-hydrated.ts';
import { useSearchParam } from '../../../ui/hooks/use-search-param.ts';
import { useStaffData } from '../../../ui/hooks/use-staff-data.ts';
import OpsNotice from './OpsNotice.tsx';
import { OpsStates } from './OpsStates.tsx';
import { PermitSettingsForm } from './PermitSettingsForm.tsx';
import '../../../styles/ops.css';
import '../../../styles/reports.css';

type Report = v.InferOutput<typeof actualUseAnswer>;
type Settings = v.InferOutput<typeof permitSettingsAnswer>;

/** The seasons offered: the one running or next, and the four before it. */
function seasonsOffered(now: Date): string[] {
  const current = Number(seasonFor(now).label.slice(0, 4));
  return Array.from({ length: 5 }, (_, back) => current - back).map((year) => `${year}-${String(year + 1).slice(2)}`);
}

/** The season a report is asked for: the address's, or the last one that has begun. */
function seasonAsked(asked: string | null, now: Date): string {
  if (asked && seasonNamed(asked)) return asked;
  const running = seasonFor(now);
  return now.getTime() >= Date.parse(`${running.start}T12:00:00Z`) ? running.label : (seasonsOffered(now)[1] ?? running.label);
}

function SeasonPicker({ season }: { season: string }) {
  const id = useId();
  const hydrated = useHydrated();
  return (
    <form className="ops-search report-season" method="get" action="/ops/reports/actual-use">
      <label htmlFor={id}>Season</label>
      <div className="ops-search-row">
        {/* Keyed by the season: the page is built before the address is read, and a select keeps its first choice. */}
        <select key={season} id={id} name="season" defaultValue={season}>
          {seasonsOffered(new Date()).map((label) => (
            <option key={label} value={label}>
              {label}
            </option>
          ))}
        </select>
        <button type="submit" className="button primary" disabled={!hydrated}>
          Show
        </button>
      </div>
    </form>
  );
}

function download(report: Report) {
  const blob = new Blob([actualUseCsv(report, report.feeRatePercent)], { type: 'text/csv;charset=utf-8' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `actual-use-${report.season.label}.csv`;
  link.click();
  URL.revokeObjectURL(link.href);
}

const dayWords = (day: string) => `${formatDenverDay(day)}, ${day.slice(0, 4)}`;

function NotCounted({ title, items }: { title: string; items: { key: string; words: string }[] }) {
  const id = useId();
  if (items.length === 0) return null;
  return (
    <section className="report-list" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <ul>
        {items.map((item) => (
          <li key={item.key}>{item.words}</li>
        ))}
      </ul>
    </section>
  );
}

function ReportTable({ report }: { report: Report }) {
  const { rows, totals } = report;
  return (
    <div className="report-table-frame">
      <table className="report-table">
        <caption>Clients, service days and revenue on National Forest land</caption>
        <thead>
          <tr>
            <th scope="col">Activity and location</th>
            <th scope="col">Clients</th>
            <th scope="col">Service days</th>
            <th scope="col">Revenue</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={4} className="report-nothing">
                Nothing to report: no trips on National Forest land this season yet.
              </td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={`${row.activity}|${row.location}`}>
              <th scope="row">
                {row.activity}
                <span className="report-place">{row.location}</span>
              </th>
              <td>{row.clients}</td>
              <td>{row.serviceDays}</td>
              <td>{formatDollars(row.revenue)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td>{totals.clients}</td>
            <td>{totals.serviceDays}</td>
            <td>{formatDollars(totals.revenue)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={3}>
              Estimated fee, {percentWords(report.feeRatePercent)} of revenue
            </th>
            <td>{formatDollars(totals.fee)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function TheReport({ report }: { report: Report }) {
  const preparer = useStore($authUser);
  const [preparedAt] = useState(() => Date.now());
  const { season } = report;
  return (
    <section className="report" aria-labelledby="report-title">
      <p className="report-company">{site.name}</p>
      <h2 id="report-title">Actual use report, season {season.label}</h2>
      <p>
        Permit season {dayWords(season.firstDay)} to {dayWords(season.lastDay)}. Prepared on {formatDenverDate(preparedAt)}
        {preparer?.email ? ` by ${preparer.displayName ?? preparer.email}` : ''}.
      </p>
      <ReportTable report={report} />
      <div className="ops-actions-row report-buttons">
        <button type="button" className="button secondary" onClick={() => download(report)}>
          Download the CSV
        </button>
        <button type="button" className="button secondary" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <NotCounted
        title="Counted from bookings, no check-ins"
        items={report.countedFromBookings.map((day) => ({
          key: day.dateId,
          words: `${dayWords(day.day)}: ${day.activity}, ${day.seats} paid ${day.seats === 1 ? 'seat' : 'seats'}`,
        }))}
      />
      <NotCounted
        title="No-shows, not counted"
        items={report.noShows.map((miss, index) => ({
          key: `${miss.dateId}-${index}`,
          words: `${dayWords(miss.day)}: ${miss.activity}, ${miss.name}`,
        }))}
      />
      <NotCounted
        title="Called off, not counted"
        items={report.calledOff.map((day) => ({
          key: day.dateId,
          words: `${dayWords(day.day)}: ${day.activity}, ${day.seats} ${day.seats === 1 ? 'seat' : 'seats'}`,
        }))}
      />
    </section>
  );
}

function PermitSettings({ season, version, onSaved }: { season: string; version: number; onSaved: () => void }) {
  const state = useStaffData<Settings>(`permit:${season}:${version}`, (signal) => opsApi.permitSettings({ query: { season }, signal }));
  // The report above says what is loading or went wrong.
  if (state.status !== 'ready') return null;
  const settings = state.data;
  const onForest = settings.places.filter((place) => place.onForestLand).length;
  return (
    <section className="ops-section report-settings" aria-labelledby="report-settings-title">
      <h2 id="report-settings-title">Permit settings</h2>
      <p>
        Fee rate {percentWords(settings.feeRatePercent)}; permit season {dayWords(settings.season.firstDay)} to{' '}
        {dayWords(settings.season.lastDay)}; {onForest} of {settings.places.length} activities and trailheads on National Forest land.
      </p>
      {version > 0 && <OpsNotice>The settings are kept, and the report above is counted with them.</OpsNotice>}
      <PermitSettingsForm key={version} settings={settings} onSaved={onSaved} />
    </section>
  );
}

export default function ActualUsePage() {
  const season = seasonAsked(useSearchParam('season'), new Date());
  // Counted again, with its settings, each time the settings are kept.
  const [version, setVersion] = useState(0);
  const state = useStaffData<Report>(`actual-use:${season}:${version}`, (signal) => opsApi.actualUse({ query: { season }, signal }));
  return (
    <div className="ops">
      <SeasonPicker season={season} />
      {state.status === 'ready' ? <TheReport report={state.data} /> : <OpsStates state={state} loadingLabel="Counting the season" />}
      <PermitSettings season={season} version={version} onSaved={() => setVersion((count) => count + 1)} />
    </div>
  );
}
