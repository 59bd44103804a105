import type { Job } from '@board/shared/api/job';
import { Section } from './detail-section';

/** About {company}: its overview and its team; hidden when it has neither. */
export function AboutCompany({ job }: { job: Job }) {
  if (!job.companyOverview && job.team.length === 0) return null;
  return (
    <Section title={`About ${job.company}`}>
      {job.companyOverview ? <p className="leading-7 whitespace-pre-line text-ink/90">{job.companyOverview}</p> : null}
      {job.team.length > 0 ? (
        <>
          <h3 className="mt-4 text-sm font-semibold text-ink">Team</h3>
          <ul className="mt-2 grid gap-3 sm:grid-cols-2">
            {job.team.map((member) => (
              <li key={`${member.name}-${member.title}`} className="rounded-lg bg-surface p-3">
                <p className="font-medium text-ink">{member.name}</p>
                <p className="text-sm text-brand-700">{member.title}</p>
                {member.bio ? <p className="mt-1 text-sm text-muted">{member.bio}</p> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Section>
  );
}
