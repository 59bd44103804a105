import { answer } from '@board/shared/test/api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createServerJob, type ServerJobBody } from '../../test/create-job';
import { renderPage } from '../../test/render';
import { JobDetailPage } from './job-detail-page';

/** The detail page of the job the API answers with `job`, or of a job the API does not know (404). */
function renderDetail(job: ServerJobBody | null, path = `/job/${job?.id ?? '9'}`) {
  const api = `/public-job-posting/${job?.id ?? '9'}`;
  return renderPage(<JobDetailPage />, {
    path,
    routePath: '/job/:id',
    api: { [api]: job ?? answer(404, { message: 'Job posting not found' }) },
  });
}

/** The detail card, once the job shows (the sticky apply bar below it holds the same buttons). */
const card = async () => within(await screen.findByRole('article'));
/** The phone's apply bar (CSS shows it below 768 px; jsdom shows it always). */
const bar = async () => {
  await screen.findByRole('article');
  const element = document.querySelector<HTMLElement>('[data-slot="sticky-apply-bar"]');
  if (!element) throw new Error('no sticky apply bar');
  return within(element);
};

const sections = () => screen.queryAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('JobDetailPage', () => {
  it('shows Job Not Found with Browse All Jobs for a missing job', async () => {
    renderDetail(null);
    expect(await screen.findByRole('heading', { name: 'Job Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The job you're looking for doesn't exist or has been removed.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse All Jobs' })).toHaveAttribute('href', '/');
  });

  it.each([
    ['yes', 'Visa sponsorship: Offered'],
    ['no', 'Visa sponsorship: Not offered'],
    ['not-stated', 'Visa sponsorship: Not stated'],
  ] as const)('says where the job can be done from and, for %s, %s', async (visa, said) => {
    renderDetail(
      createServerJob({
        id: '6',
        location: 'London; Manchester; Leeds',
        workplace_type: 'Hybrid',
        places: ['London', 'Manchester', 'Leeds'].map((city) => ({
          city,
          region: null,
          region_name: null,
          country: 'GB',
        })),
        visa_sponsorship: visa,
      }),
    );
    const detail = await card();
    expect(detail.getByText('Hybrid · London, United Kingdom +2 more')).toBeInTheDocument();
    expect(detail.getByText(said)).toBeInTheDocument();
  });

  it('hides every empty section', async () => {
    renderDetail(createServerJob({ id: '5', skills: [], description: '  ', benefits: ['', ' '] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Frontend Developer' })).toBeInTheDocument();
    expect(sections()).toEqual([]);
  });

  it('shows each section with content, funding and equity by their rules, blank benefits skipped', async () => {
    renderDetail(
      createServerJob({
        id: '6',
        company_overview: 'We build rockets.',
        team_members: [{ name: 'Ada', title: 'CEO', bio: 'Founder', avatar: null }],
        funding: { total_funding_amount: '$10M', last_round_amount: '', last_round_type: 'Seed', last_round_date: '' },
        investors: { all: ['Accel'], last_round: [] },
        equity: {
          type: 'Options',
          percentage: '0.5%',
          cliff_period: '',
          vesting_period: '4 years',
          additional_details: '',
        },
        benefits: ['Health', '  '],
        requirements: ['Curiosity'],
        description: '#Role#\nBuild\n\nShip',
        initial_projects: ['Launch v2'],
      }),
    );
    await screen.findByRole('heading', { level: 1 });
    expect(sections()).toEqual([
      'About Acme',
      'Funding',
      'Investors',
      'Equity & Benefits',
      'Required Skills',
      'Requirements',
      'Job Description',
    ]);
    expect(screen.getByText('Total funding').nextElementSibling).toHaveTextContent('$10M');
    expect(screen.queryByText(/Last round/)).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Benefits' }).children).toHaveLength(1);
    expect(screen.getByText('Role').tagName).toBe('STRONG');
    expect(screen.getByText('Launch v2')).toBeInTheDocument();
  });

  it.each([['$0'], ['$'], ['']])('hides Funding when the total is %j and there is no last round', async (total) => {
    renderDetail(
      createServerJob({
        id: '7',
        funding: { total_funding_amount: total, last_round_amount: '', last_round_type: '', last_round_date: '' },
      }),
    );
    await screen.findByRole('heading', { level: 1 });
    expect(sections()).not.toContain('Funding');
  });

  it('hides Equity when the percentage is blank', async () => {
    renderDetail(
      createServerJob({
        id: '8',
        equity: { type: 'Options', percentage: '', cliff_period: '1 year', vesting_period: '', additional_details: '' },
      }),
    );
    await screen.findByRole('heading', { level: 1 });
    expect(sections()).not.toContain('Equity & Benefits');
  });

  it('applies in-site for a relative URL, keeping the talent partner', async () => {
    renderDetail(createServerJob({ id: '3', application_url: '/job/3/apply' }), '/job/3?talent_partner_id=tp-9&utm=x');
    expect((await card()).getByRole('link', { name: 'Apply for this position' })).toHaveAttribute(
      'href',
      '/job/3/apply?talent_partner_id=tp-9',
    );
    expect((await bar()).getByRole('link', { name: 'Apply for this position' })).toHaveAttribute(
      'href',
      '/job/3/apply?talent_partner_id=tp-9',
    );
  });

  it('opens an external URL in a new tab without opener', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderDetail(createServerJob({ id: '4', application_url: 'https://careers.acme.example/4' }));
    await userEvent.click((await card()).getByRole('button', { name: /Apply for this position/ }));
    expect(open).toHaveBeenCalledWith('https://careers.acme.example/4', '_blank', 'noopener,noreferrer');
  });

  it("holds Apply and Save in the phone's sticky bar, by the card's rules", async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderDetail(
      createServerJob({ id: '4', title: 'Staff Engineer', application_url: 'https://careers.acme.example/4' }),
    );
    const sticky = await bar();
    expect(sticky.getByRole('button', { name: 'Save Staff Engineer' })).toBeInTheDocument();
    await userEvent.click(sticky.getByRole('button', { name: /Apply for this position/ }));
    expect(open).toHaveBeenCalledWith('https://careers.acme.example/4', '_blank', 'noopener,noreferrer');
  });

  it.each([[''], ['javascript:alert(1)']])('disables the button with a reason for %j', async (applicationUrl) => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderDetail(createServerJob({ id: '2', application_url: applicationUrl }));
    for (const button of [
      (await card()).getByRole('button', { name: 'Apply for this position' }),
      (await bar()).getByRole('button', { name: 'Apply for this position' }),
    ]) {
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription(/application link/);
      await userEvent.click(button);
    }
    expect(open).not.toHaveBeenCalled();
  });

  it('replaces the JobPosting the server put in the head: the page holds exactly one', async () => {
    const server = document.createElement('script');
    server.type = 'application/ld+json';
    server.id = 'job-posting-json-ld';
    server.textContent = '{"@type":"JobPosting"}';
    document.head.append(server);
    renderDetail(createServerJob({ id: '12' }));
    await screen.findByRole('heading', { level: 1 });
    expect(document.getElementById('job-posting-json-ld')).toBeNull();
    expect(document.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);
  });

  it('adds schema.org JobPosting data', async () => {
    const { container } = renderDetail(
      createServerJob({ id: '11', workplace_type: 'Remote', salary_min: 60000, salary_max: 80000 }),
    );
    await screen.findByRole('heading', { level: 1 });
    const data = JSON.parse(
      container.ownerDocument.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}',
    );
    expect(data).toMatchObject({
      '@type': 'JobPosting',
      title: 'Frontend Developer',
      hiringOrganization: { name: 'Acme' },
      employmentType: 'FULL_TIME',
      jobLocationType: 'TELECOMMUTE',
      directApply: true,
      baseSalary: { currency: 'GBP', value: { minValue: 60000, maxValue: 80000 } },
    });
  });
});
