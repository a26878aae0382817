/**
 * The season a report is for, chosen by a plain GET form (`?season=2026-27`), so a report can be
 * bookmarked: the season running or next and the four before it. Without one in the address, the
 * report opens on the season running, or the one just ended until the next begins.
 */
import { useId } from 'react';
import { seasonFor, seasonNamed } from '../../../../shared/rules/season.ts';
import { figuresSeason } from '../../../../shared/rules/season-figures.ts';
import { useHydrated } from '../../../ui/hooks/use-hydrated.ts';

/** The seasons offered: the one running or next, and the four before it. */
function seasonsOffered(now: Date): string[] {
  const current = Number(seasonFor(now).label.slice(0, 4));
  return Array.from({ length: 5 }, (_, back) => current - back).map((year) => `${year}-${String(year + 1).slice(2)}`);
}

/** The season a report is asked for: the address's, or the last one that has begun. */
export const seasonAsked = (asked: string | null, now: Date): string => (asked && seasonNamed(asked) ? asked : figuresSeason(now).label);

export function SeasonPicker({ season, action }: { season: string; action: string }) {
  const id = useId();
  const hydrated = useHydrated();
  return (
    <form className="ops-search report-season" method="get" action={action}>
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
