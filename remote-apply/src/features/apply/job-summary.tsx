import type { Job } from '@board/shared/api/job';
import { CompanyLogo } from '@board/shared/ui/company-logo';

/** Logo, title, company, location and badges for type, workplace type and level. */
export function JobSummary({ job, headingLevel = 1, prefix }: { job: Job; headingLevel?: 1 | 2; prefix?: string }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="flex items-start gap-4">
      <CompanyLogo src={job.logo} label={`${job.company} logo`} size="lg" />
      <div className="min-w-0">
        <Heading className="text-xl font-bold tracking-tight text-ink sm:text-2xl">
          {prefix ? <span className="block text-sm font-medium text-muted">{prefix}</span> : null}
          {job.title || 'Untitled role'}
        </Heading>
        <p className="mt-0.5 text-muted">
          {job.company} · {job.location}
        </p>
        <ul aria-label="Job details" className="mt-2 flex flex-wrap gap-2">
          {[...new Set([job.type, job.workplaceType, job.level].filter(Boolean))].map((badge) => (
            <li key={badge} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700">
              {badge}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
