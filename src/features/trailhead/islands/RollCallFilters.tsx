/** Above the roll call: only those not checked in yet, and a name search; what is left shows at once. */
import { useId } from 'react';
import type { RollCallFilter } from '../rules/roll-call.ts';

export default function RollCallFilters({ filter, onChange }: { filter: RollCallFilter; onChange: (filter: RollCallFilter) => void }) {
  const id = useId();
  return (
    <div className="trip-filters" role="search" aria-label="Find someone on the sheet">
      <label className="trip-filter-toggle">
        <input
          type="checkbox"
          checked={filter.notCheckedIn}
          onChange={(event) => onChange({ ...filter, notCheckedIn: event.target.checked })}
        />
        Not checked in
      </label>
      <span className="trip-search">
        <label htmlFor={`${id}-search`}>Find a name</label>
        <input
          id={`${id}-search`}
          type="search"
          autoComplete="off"
          value={filter.search}
          onChange={(event) => onChange({ ...filter, search: event.target.value })}
        />
      </span>
    </div>
  );
}
