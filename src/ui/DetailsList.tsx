/** Labelled values as a description list: each pair a `<div>` of its term and its description. */
import type { ReactNode } from 'react';

export type Detail = readonly [label: string, value: ReactNode];

/** One labelled value of a description list: the `<div>` of its term and its description. */
export function DetailRow({
  label,
  className,
  valueClassName,
  children,
}: {
  label: string;
  className?: string | undefined;
  valueClassName?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  );
}

export default function DetailsList({ details, className }: { details: readonly Detail[]; className?: string }) {
  return (
    <dl {...(className ? { className } : {})}>
      {details.map(([label, value]) => (
        <DetailRow key={label} label={label}>
          {value}
        </DetailRow>
      ))}
    </dl>
  );
}
