import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBoard, renderPage } from '../../test/render';
import { JobDetailPage } from './job-detail-page';

// Answers as the API might send them, parsed as the board parses them. A duplicate React key is a
// console.error, which fails the test (vitest.setup.ts).
const garbled = {
  id: 5,
  title: 'Platform Engineer',
  organization_name: 'Acme',
  skills: ['Go', 'Go', 'Rust'],
  requirements: ['Curiosity', 'Curiosity'],
  benefits: ['Health', 'Health'],
  initial_projects: ['Launch', 'Launch'],
  investors: { all: ['Accel', 'Accel', 'Index'], last_round: ['Accel', 'Accel'] },
  team_members: ['Ada Lovelace, CEO, Founder', 'Ada Lovelace, CEO, Founder'],
  funding: { total_funding_amount: '10M', last_round_amount: '5M', last_round_type: 'Seed', last_round_date: 'soon' },
  description: 'Build.',
};

describe('the board with what the platform sends twice or garbled', () => {
  it('renders a job detail with repeated skills, investors and team, and an unparseable round date', async () => {
    renderPage(<JobDetailPage />, { path: '/job/5', routePath: '/job/:id', api: { '/public-job-posting/5': garbled } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Platform Engineer' })).toBeInTheDocument();
    expect(screen.getAllByText('Go')).toHaveLength(1);
    expect(screen.getByText('Last round (Seed)').nextElementSibling).toHaveTextContent(/^\$5M$/);
    expect(document.body).not.toHaveTextContent('Invalid Date');
  });

  it('renders a page where a job comes twice', async () => {
    await renderBoard([garbled, { ...garbled, title: 'Again' }, { ...garbled, id: 6 }]);
    expect(screen.getByText('2 of 3 jobs')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });
});
