/**
 * A console search: a plain GET of `action?q=` (Back returns to the same results, and a search can be
 * bookmarked); the island that lists the results reads `q` from the address. Find waits for the island.
 */
import { useHydrated } from '../../../ui/hooks/use-hydrated.ts';

interface Props {
  /** The field's id. */
  id: string;
  action: string;
  label: string;
  query: string | null;
}

export function OpsSearch({ id, action, label, query }: Props) {
  const hydrated = useHydrated();
  return (
    <form className="ops-search" method="get" action={action} role="search">
      <label htmlFor={id}>{label}</label>
      <div className="ops-search-row">
        <input id={id} name="q" type="search" defaultValue={query ?? ''} required maxLength={100} autoComplete="off" />
        <button type="submit" className="button primary" disabled={!hydrated}>
          Find
        </button>
      </div>
    </form>
  );
}
