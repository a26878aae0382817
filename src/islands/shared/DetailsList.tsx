/** Labelled values as a description list: each pair a `<div>` of its term and its description. */
import type { ReactNode } from 'react';

export type Detail = readonly [label: string, value: ReactNode];

export default function DetailsList({ details, className }: { details: readonly Detail[]; className?: string }) {
  return (
    <dl {...(className ? { className } : {})}>
      {details.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
