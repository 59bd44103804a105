import type { ReactNode } from 'react';

/** One section of the job page's card: its heading and what it holds. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="p-6">
      <h2 className="mb-3 text-lg font-semibold text-ink">{title}</h2>
      {children}
    </section>
  );
}

/** A labelled fact of a section (Total funding, Vesting). */
export function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-surface p-3">
      <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-1 font-semibold text-ink">{value}</dd>
    </div>
  );
}

/** Names as badges under a label (the investors). */
export function NameList({ label, names }: { label: string; names: string[] }) {
  return (
    <div className="mt-2 first:mt-0">
      <h3 className="text-sm font-medium text-muted">{label}</h3>
      <ul className="mt-1 flex flex-wrap gap-2">
        {names.map((name) => (
          <li key={name} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700">
            {name}
          </li>
        ))}
      </ul>
    </div>
  );
}
