import type { Job } from '@board/shared/api/job';
import { CompanyLogo } from '@board/shared/ui/company-logo';
import { BadgeCheck, Briefcase, Calendar, MapPin } from 'lucide-react';
import { visaText, whereLabel } from '../jobs/job-where';
import { PostedDate } from '../jobs/posted-date';
import { SaveJobButton } from '../jobs/save-job-button';
import { ShareJobButton } from './share-job-button';

/** The job's logo, title, company, facts and salary, with Save and Share. */
export function JobDetailHeader({ job }: { job: Job }) {
  return (
    <header className="border-b border-line p-6">
      <div className="flex items-start gap-4">
        <CompanyLogo src={job.logo} label={`${job.company} logo`} size="lg" />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{job.title || 'Untitled role'}</h1>
          <p className="mt-1 font-medium text-muted">{job.company}</p>
        </div>
      </div>
      <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted">
        <li className="flex items-center gap-1.5">
          <MapPin aria-hidden="true" className="size-4" />
          {whereLabel(job)}
        </li>
        <li className="flex items-center gap-1.5">
          <Briefcase aria-hidden="true" className="size-4" />
          {[job.type, job.workplaceType, job.level].filter(Boolean).join(' · ')}
        </li>
        <li className="flex items-center gap-1.5">
          <Calendar aria-hidden="true" className="size-4" />
          <PostedDate postedAt={job.postedAt} visiblePrefix />
        </li>
        <li className="flex items-center gap-1.5">
          <BadgeCheck aria-hidden="true" className="size-4" />
          {visaText(job)}
        </li>
      </ul>
      <p className="mt-3 text-lg font-semibold text-ink">{job.salary || 'Salary not disclosed'}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <SaveJobButton job={job} withText />
        <ShareJobButton job={job} />
      </div>
    </header>
  );
}
