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
import { actualUseCsv, CSV_TYPE, csvFile, percentWords } from '../../../../shared/reports/actual-use-csv.ts';
import { denverDay, formatDenverDate, formatDenverDateTime, formatDenverDayWithYear } from '../../../../shared/rules/dates.ts';
import { formatDollars } from '../../../../shared/rules/pricing.ts';
import { $authUser } from '../../../stores/auth.ts';
import { saveTextFile } from '../../../lib/save-text-file.ts';
import { opsApi } from '../../../stores/ops-api.ts';
import { useSearchParam } from '../../../ui/hooks/use-search-param.ts';
import { FormFailure, useSending } from '../../../ui/form-parts.tsx';
import { useStaffData } from '../../../ui/hooks/use-staff-data.ts';
import OpsNotice from './OpsNotice.tsx';
import { OpsStates } from './OpsStates.tsx';
import { PermitSettingsForm } from './PermitSettingsForm.tsx';
import { SeasonPicker, seasonAsked } from './SeasonPicker.tsx';
import '../../../styles/ops.css';
import '../../../styles/reports.css';

type Report = v.InferOutput<typeof actualUseAnswer>;
type Settings = v.InferOutput<typeof permitSettingsAnswer>;

const download = (report: Report) =>
  saveTextFile(csvFile(actualUseCsv(report, report.feeRatePercent)), CSV_TYPE, `actual-use-${report.season.label}.csv`);

/** The CSV as it was filed, named for its season and the Kamas day it was filed. */
const downloadFiled = (season: string, filed: NonNullable<Report['filed']>) =>
  saveTextFile(csvFile(filed.csv), CSV_TYPE, `actual-use-${season}-filed-${denverDay(Date.parse(filed.at))}.csv`);

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
    <div className="report-table-frame" tabIndex={0}>
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

const FIGURE_WORDS = { clients: 'clients', serviceDays: 'service days', revenue: 'revenue', fee: 'estimated fee' } as const;

type Difference = NonNullable<Report['filed']>['differences'][number];

const figureShown = ({ figure, filed, now }: Difference) =>
  figure === 'revenue' || figure === 'fee' ? [formatDollars(filed), formatDollars(now)] : [String(filed), String(now)];

/** The copy filed with the Forest Service, what changed since, and the button that files the report as it is now. */
function Filing({ report, onFiled }: { report: Report; onFiled: (report: Report) => void }) {
  const { send, sending, failure } = useSending();
  const { filed } = report;
  const changed = filed?.differences ?? [];
  const file = () =>
    void send(async () => {
      onFiled(await opsApi.fileActualUse({ body: { season: report.season.label } }));
      // The button goes once the report is filed: the heading that says so takes the focus.
      document.getElementById('report-filing-title')?.focus();
    }, 'The report could not be filed. Please try again.');
  return (
    <section className="report-filing" aria-labelledby="report-filing-title">
      <h3 id="report-filing-title" tabIndex={-1}>
        Filed with the Forest Service
      </h3>
      {filed ? (
        <p role="status">
          Filed {formatDenverDateTime(Date.parse(filed.at))} by {filed.by}.{changed.length === 0 && ' Nothing has changed since.'}
        </p>
      ) : (
        <p>Not filed yet. Filing keeps a copy of these numbers, with who filed it and when.</p>
      )}
      {changed.length > 0 && (
        <>
          <p>Changed since it was filed:</p>
          <ul>
            {changed.map((difference) => {
              const [then, now] = figureShown(difference);
              return (
                <li key={`${difference.row}|${difference.figure}`}>
                  {difference.row}: {FIGURE_WORDS[difference.figure]} {then} when filed, {now} now
                </li>
              );
            })}
          </ul>
        </>
      )}
      <div className="ops-actions-row report-buttons">
        {(!filed || changed.length > 0) && (
          <button type="button" className="button primary" onClick={file} disabled={sending}>
            {filed ? 'File it again as it is now' : 'File this report'}
          </button>
        )}
        {filed && (
          <button type="button" className="button secondary" onClick={() => downloadFiled(report.season.label, filed)}>
            Download the filed copy
          </button>
        )}
      </div>
      <FormFailure failure={failure} />
    </section>
  );
}

function TheReport({ report, onFiled }: { report: Report; onFiled: (report: Report) => void }) {
  const preparer = useStore($authUser);
  const [preparedAt] = useState(() => Date.now());
  const { season } = report;
  return (
    <section className="report" aria-labelledby="report-title">
      <p className="report-company">{site.name}</p>
      <h2 id="report-title">Actual use report, season {season.label}</h2>
      <p>
        Permit season {formatDenverDayWithYear(season.firstDay)} to {formatDenverDayWithYear(season.lastDay)}. Prepared on{' '}
        {formatDenverDate(preparedAt)}
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
      <Filing report={report} onFiled={onFiled} />
      <NotCounted
        title="Counted from bookings, no check-ins"
        items={report.countedFromBookings.map((day) => ({
          key: day.dateId,
          words: `${formatDenverDayWithYear(day.day)}: ${day.activity}, ${day.seats} paid ${day.seats === 1 ? 'seat' : 'seats'}`,
        }))}
      />
      <NotCounted
        title="No-shows, not counted"
        items={report.noShows.map((miss, index) => ({
          key: `${miss.dateId}-${index}`,
          words: `${formatDenverDayWithYear(miss.day)}: ${miss.activity}, ${miss.name}`,
        }))}
      />
      <NotCounted
        title="Called off, not counted"
        items={report.calledOff.map((day) => ({
          key: day.dateId,
          words: `${formatDenverDayWithYear(day.day)}: ${day.activity}, ${day.seats} ${day.seats === 1 ? 'seat' : 'seats'}`,
        }))}
      />
    </section>
  );
}

function PermitSettings({ season, onSaved }: { season: string; onSaved: () => Promise<void> }) {
  const state = useStaffData<Settings>(`permit:${season}`, (signal) => opsApi.permitSettings({ query: { season }, signal }));
  const [kept, setKept] = useState<Settings | null>(null);
  // The report above says what is loading or went wrong.
  if (state.status !== 'ready') return null;
  const settings = kept ?? state.data;
  const onForest = settings.places.filter((place) => place.onForestLand).length;
  return (
    <section className="ops-section report-settings" aria-labelledby="report-settings-title">
      <h2 id="report-settings-title">Permit settings</h2>
      <p>
        Fee rate {percentWords(settings.feeRatePercent)}; permit season {formatDenverDayWithYear(settings.season.firstDay)} to{' '}
        {formatDenverDayWithYear(settings.season.lastDay)}; {onForest} of {settings.places.length} activities and trailheads on National
        Forest land.
      </p>
      {kept && <OpsNotice>The settings are kept, and the report above is counted with them.</OpsNotice>}
      <PermitSettingsForm
        settings={settings}
        onSaved={async (saved) => {
          setKept(saved);
          await onSaved();
        }}
      />
    </section>
  );
}

export default function ActualUsePage() {
  const season = seasonAsked(useSearchParam('season'), new Date());
  const state = useStaffData<Report>(`actual-use:${season}`, (signal) => opsApi.actualUse({ query: { season }, signal }));
  // The report as counted again after it was filed or its settings were kept.
  const [fresh, setFresh] = useState<Report | null>(null);
  return (
    <div className="ops">
      <SeasonPicker season={season} action="/ops/reports/actual-use" />
      {state.status === 'ready' ? (
        <TheReport report={fresh ?? state.data} onFiled={setFresh} />
      ) : (
        <OpsStates state={state} loadingLabel="Counting the season" />
      )}
      <PermitSettings season={season} onSaved={async () => setFresh(await opsApi.actualUse({ query: { season } }))} />
    </div>
  );
}
