import type { Job } from '@board/shared/api/job';
import { Building2 } from 'lucide-react';

/** Logo, title, company, location and badges for type, workplace type and level. */
export function JobSummary({ job, headingLevel = 1, prefix }: { job: Job; headingLevel?: 1 | 2; prefix?: string }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="flex items-start gap-4">
      {job.logo ? (
        <img
          src={job.logo}
          alt={`${job.company} logo`}
          width={56}
          height={56}
          className="size-14 rounded-xl border border-line object-contain"
        />
      ) : (
        <div
          aria-hidden="true"
          className="flex size-14 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600"
        >
          <Building2 className="size-7" />
        </div>
      )}
      <div className="min-w-0">
        <Heading className="text-xl font-bold tracking-tight text-ink sm:text-2xl">
          {prefix ? <span className="block text-sm font-medium text-muted">{prefix}</span> : null}
          {job.title || 'Untitled role'}
        </Heading>
        <p className="mt-0.5 text-muted">
          {job.company} · {job.location}
        </p>
        <ul aria-label="Job details" className="mt-2 flex flex-wrap gap-2">
          {[job.type, job.workplaceType, job.level].filter(Boolean).map((badge) => (
            <li key={badge} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700">
              {badge}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
