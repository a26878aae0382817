/** Labelled values as a description list: each pair a `<div>` of its term and its description. */
export type Detail = readonly [label: string, value: string];

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
