import type { Job } from '@board/shared/api/job';
import { hasEquity, isFundingAmountShown, postedDateText, visibleBenefits } from '@board/shared/api/job-display';
import { jobState, type PageSummary } from '@board/shared/api/page-heads';
import { useLocation, useNavigate } from '@board/shared/lib/router';
import { useJobFromRoute } from '@board/shared/react/job-from-route';
import { useRuntimeConfig } from '@board/shared/react/runtime-config';
import { buttonVariants } from '@board/shared/ui/button';
import { MissingPanel } from '@board/shared/ui/missing-panel';
import { PageLoading } from '@board/shared/ui/page-loading';
import { PageTitle } from '@board/shared/ui/page-title';
import { ArrowLeft } from 'lucide-react';
import { useRef } from 'react';
import { AboutCompany } from './about-company';
import { ApplyButton } from './apply-button';
import { ClosedJob } from './closed-job';
import { Fact, NameList, Section } from './detail-section';
import { JobDescription } from './job-description';
import { JobDetailHeader } from './job-detail-header';
import { JobPostingScript } from './job-posting-script';
import { RichDescription } from './rich-description';
import { StickyApplyBar } from './sticky-apply-bar';

/** /job/:id: the job with its company, funding, investors, team and equity. */
export function JobDetailPage() {
  const { job } = useJobFromRoute();

  if (job.isPending) return <PageLoading label="Loading job" />;
  const page = jobState(job.data);
  if (!page.found && page.closed) return <ClosedJob job={page.closed} />;
  if (!page.found) return <MissingPanel {...page.missing} actionLabel="Browse All Jobs" actionTo="/" />;
  return <JobDetail job={page.subject} page={page.summary} />;
}

function JobDetail({ job, page }: { job: Job; page: PageSummary }) {
  const navigate = useNavigate();
  const location = useLocation();
  const cardApply = useRef<HTMLDivElement>(null);
  const { siteUrl } = useRuntimeConfig();
  const lastRound = job.funding.lastRound;
  const showTotal = isFundingAmountShown(job.funding.total);
  const showLastRound = isFundingAmountShown(lastRound.amount);
  const benefits = visibleBenefits(job);
  const equity = hasEquity(job);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <PageTitle>{page.title}</PageTitle>
      <meta name="description" content={page.description} />
      <JobPostingScript job={job} siteUrl={siteUrl} />
      {/* A link to the board (before the scripts run, or without them); once hydrated, one step back
          in history, or the board when the job was the first page of the visit. */}
      <a
        href="/"
        className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ml-3 mb-4' })}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          if (location.key === 'default') navigate('/');
          else navigate(-1);
        }}
      >
        <ArrowLeft aria-hidden="true" />
        Back to Jobs
      </a>
      <article className="overflow-hidden rounded-2xl border border-line bg-white shadow-xs">
        <JobDetailHeader job={job} />

        <div className="divide-y divide-line">
          <AboutCompany job={job} />

          {showTotal || showLastRound ? (
            <Section title="Funding">
              <dl className="grid gap-3 sm:grid-cols-2">
                {showTotal ? <Fact label="Total funding" value={job.funding.total} /> : null}
                {showLastRound ? (
                  <Fact
                    label={`Last round${lastRound.type ? ` (${lastRound.type})` : ''}`}
                    value={`${lastRound.amount}${lastRound.date ? `, ${postedDateText(lastRound.date)}` : ''}`}
                  />
                ) : null}
              </dl>
            </Section>
          ) : null}

          {job.investors.all.length > 0 || job.investors.lastRound.length > 0 ? (
            <Section title="Investors">
              {job.investors.all.length > 0 ? <NameList label="All investors" names={job.investors.all} /> : null}
              {job.investors.lastRound.length > 0 ? (
                <NameList label="Last round" names={job.investors.lastRound} />
              ) : null}
            </Section>
          ) : null}

          {equity || benefits.length > 0 ? (
            <Section title="Equity & Benefits">
              {equity ? (
                <dl className="grid gap-3 sm:grid-cols-2">
                  <Fact label="Equity" value={[job.equity.percentage, job.equity.type].filter(Boolean).join(' ')} />
                  {job.equity.vestingPeriod ? <Fact label="Vesting" value={job.equity.vestingPeriod} /> : null}
                  {job.equity.cliffPeriod ? <Fact label="Cliff" value={job.equity.cliffPeriod} /> : null}
                  {job.equity.additionalDetails ? <Fact label="Details" value={job.equity.additionalDetails} /> : null}
                </dl>
              ) : null}
              {benefits.length > 0 ? (
                <ul aria-label="Benefits" className="mt-3 list-disc space-y-1 pl-5 text-ink/90">
                  {benefits.map((benefit) => (
                    <li key={benefit}>{benefit}</li>
                  ))}
                </ul>
              ) : null}
            </Section>
          ) : null}

          {job.skills.length > 0 ? (
            <Section title="Required Skills">
              <ul className="flex flex-wrap gap-2">
                {job.skills.map((skill) => (
                  <li key={skill} className="rounded-full bg-surface px-3 py-1 text-sm text-ink ring-1 ring-line">
                    {skill}
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}

          {job.requirements.length > 0 ? (
            <Section title="Requirements">
              <ul className="list-disc space-y-1 pl-5 text-ink/90">
                {job.requirements.map((requirement) => (
                  <li key={requirement}>{requirement}</li>
                ))}
              </ul>
            </Section>
          ) : null}

          {job.descriptionBlocks || job.detailedDescription.trim() || job.initialProjects.length > 0 ? (
            <Section title="Job Description">
              {job.descriptionBlocks ? (
                <RichDescription blocks={job.descriptionBlocks} />
              ) : (
                <JobDescription text={job.detailedDescription} />
              )}
              {job.initialProjects.length > 0 ? (
                <>
                  <h3 className="mt-4 text-sm font-semibold text-ink">Initial projects</h3>
                  <ul className="mt-2 list-disc space-y-1 pl-5 text-ink/90">
                    {job.initialProjects.map((project) => (
                      <li key={project}>{project}</li>
                    ))}
                  </ul>
                </>
              ) : null}
            </Section>
          ) : null}

          <div ref={cardApply} className="p-6">
            <ApplyButton jobId={job.id} applicationUrl={job.applicationUrl} />
          </div>
        </div>
      </article>
      <StickyApplyBar job={job} cardApply={cardApply} />
    </div>
  );
}
