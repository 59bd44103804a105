import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { parseSavedJobs, savedJobsKey, useSavedJob, useSavedJobs } from './saved-jobs';

afterEach(() => localStorage.clear());

describe('parseSavedJobs', () => {
  const job = { id: '1', title: 'Designer', company: 'Acme', savedAt: '2026-01-05T10:00:00.000Z' };
  it.each([
    ['nothing stored', null, []],
    ['corrupt JSON', '{not json', []],
    ['not a list', '{"id":"1"}', []],
    ['a good entry', JSON.stringify([job]), [job]],
    ['bad entries dropped', JSON.stringify([42, { id: '' }, { title: 'x' }, job]), [job]],
    [
      'missing texts default to empty',
      JSON.stringify([{ id: '2' }]),
      [{ id: '2', title: '', company: '', savedAt: '' }],
    ],
    ['duplicates kept once', JSON.stringify([job, { ...job, title: 'Other' }]), [job]],
  ])('%s', (_case, raw, expected) => {
    expect(parseSavedJobs(raw)).toEqual(expected);
  });
});

function Count() {
  return <p>{useSavedJobs().length} saved</p>;
}

function Toggle({ id }: { id: string }) {
  const { saved, toggle } = useSavedJob({ id, title: `Role ${id}`, company: 'Acme' });
  return (
    <button type="button" aria-pressed={saved} onClick={toggle}>
      Save {id}
    </button>
  );
}

describe('useSavedJobs', () => {
  it('keeps every reader in step and stores the jobs in localStorage', async () => {
    render(
      <>
        <Count />
        <Toggle id="1" />
        <Toggle id="2" />
      </>,
    );
    expect(screen.getByText('0 saved')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save 2' }));
    expect(screen.getByText('2 saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(parseSavedJobs(localStorage.getItem(savedJobsKey)).map((job) => job.title)).toEqual(['Role 2', 'Role 1']);
    await userEvent.click(screen.getByRole('button', { name: 'Save 1' }));
    expect(screen.getByText('1 saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save 1' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('follows another tab through the storage event, and reads corrupt data as nothing saved', () => {
    localStorage.setItem(savedJobsKey, 'corrupt');
    render(<Count />);
    expect(screen.getByText('0 saved')).toBeInTheDocument();
    act(() => {
      localStorage.setItem(savedJobsKey, JSON.stringify([{ id: '7', title: 'Ops', company: 'Acme', savedAt: '' }]));
      window.dispatchEvent(new StorageEvent('storage', { key: savedJobsKey }));
    });
    expect(screen.getByText('1 saved')).toBeInTheDocument();
  });
});
