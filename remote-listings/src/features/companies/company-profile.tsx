import { type CompanyProfile, websiteLabel } from '@board/shared/api/company-profile';
import { isFundingAmountShown, postedDateText } from '@board/shared/api/job-display';
import { Link } from '@board/shared/lib/router';
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';

/** Whether the profile says anything beyond the company's name: else the page is the SPEC's banner alone. */
export function hasProfileFacts(profile: CompanyProfile): boolean {
  return (
    profile.overview !== '' ||
    profile.website !== null ||
    profile.headquarters !== '' ||
    profile.headcount !== null ||
    profile.founded !== null ||
    isFundingAmountShown(profile.funding.total) ||
    isFundingAmountShown(profile.funding.lastRound.amount) ||
    profile.investors.all.length + profile.investors.lastRound.length > 0
  );
}

/**
 * The company page's profile, under its banner: the overview, its website, where it is, how
 * large and old, its funding (shown by the job page's rules: an empty or zero amount is hidden)
 * and its investors, each a link to the board's jobs they back (the investor filter).
 */
export function CompanyProfileSection({ profile, company }: { profile: CompanyProfile; company: string }) {
  const lastRound = profile.funding.lastRound;
  const investors = [...new Set([...profile.investors.all, ...profile.investors.lastRound])];
  const facts: { label: string; value: ReactNode }[] = [];
  if (profile.website)
    facts.push({
      label: 'Website',
      value: (
        <a
          href={profile.website}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="inline-flex items-center gap-1 text-brand-700 underline-offset-2 hover:underline"
        >
          {websiteLabel(profile.website)}
          <ExternalLink aria-hidden="true" className="size-3.5" />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ),
    });
  if (profile.headquarters) facts.push({ label: 'Headquarters', value: profile.headquarters });
  if (profile.headcount !== null)
    facts.push({
      label: 'Employees',
      value: profile.headcount === 1 ? '1 person' : `${profile.headcount.toLocaleString('en-GB')} people`,
    });
  if (profile.founded !== null) facts.push({ label: 'Founded', value: String(profile.founded) });
  if (isFundingAmountShown(profile.funding.total)) facts.push({ label: 'Total funding', value: profile.funding.total });
  if (isFundingAmountShown(lastRound.amount))
    facts.push({
      label: `Last round${lastRound.type ? ` (${lastRound.type})` : ''}`,
      value: `${lastRound.amount}${lastRound.date ? `, ${postedDateText(lastRound.date)}` : ''}`,
    });

  return (
    <section aria-label={`About ${company}`} className="rounded-2xl border border-line bg-white p-6 shadow-xs">
      {profile.overview ? <p className="leading-7 whitespace-pre-line text-ink/90">{profile.overview}</p> : null}
      {facts.length > 0 ? (
        <dl className="mt-4 grid gap-3 first:mt-0 sm:grid-cols-2 lg:grid-cols-3">
          {facts.map((fact) => (
            <div key={fact.label} className="rounded-lg bg-surface p-3">
              <dt className="text-xs font-medium tracking-wide text-muted uppercase">{fact.label}</dt>
              <dd className="mt-1 font-semibold text-ink">{fact.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {investors.length > 0 ? (
        <div className="mt-4 first:mt-0">
          <h2 className="text-sm font-medium text-muted">Investors</h2>
          <ul className="mt-1 flex flex-wrap gap-2">
            {investors.map((name) => (
              <li key={name}>
                <Link
                  to={`/?investor=${encodeURIComponent(name)}`}
                  aria-label={`Jobs backed by ${name}`}
                  className="inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  {name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
