import { useState } from 'react';

/** The first 3 investors, and '+N more' that reveals the rest. */
export function InvestorBadges({ investors }: { investors: string[] }) {
  const [expanded, setExpanded] = useState(false);
  if (investors.length === 0) return null;
  const shown = expanded ? investors : investors.slice(0, 3);
  const hidden = investors.length - shown.length;
  return (
    <ul aria-label="Investors" className="flex flex-wrap items-center gap-1.5">
      {shown.map((name) => (
        <li key={name} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700">
          {name}
        </li>
      ))}
      {hidden > 0 ? (
        <li>
          <button
            type="button"
            onClick={(event) => {
              // The badges sit inside a card link: reveal, do not navigate.
              event.preventDefault();
              event.stopPropagation();
              setExpanded(true);
            }}
            aria-label={`Show ${hidden} more investors`}
            className="relative z-10 rounded-full border border-line px-2.5 py-0.5 text-xs font-medium text-ink hover:bg-surface focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            +{hidden} more
          </button>
        </li>
      ) : null}
    </ul>
  );
}
