/**
 * /ops/reports: the office's reports. The season in figures, against the same days of the season
 * before; the accountant's export of every movement of money; and the way to the Forest Service's
 * actual use report.
 */
import { MoneyExport } from './MoneyExport.tsx';
import { SeasonFigures } from './SeasonFigures.tsx';
import '../../../styles/ops.css';
import '../../../styles/reports.css';

export default function ReportsPage() {
  return (
    <div className="ops">
      <nav className="ops-links" aria-label="Reports">
        <a href="/ops/reports/actual-use">The Forest Service’s actual use report</a>
      </nav>
      <SeasonFigures />
      <MoneyExport />
    </div>
  );
}
