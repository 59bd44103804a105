import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cannedReply, suggestedTitles } from './mock-chat';
import { TalentScoutPage } from './talent-scout-page';

afterEach(() => {
  vi.useRealTimers();
});

/** Types a message and presses Enter (fireEvent: it does not wait on the fake clock). */
function sendMessage(text: string) {
  fireEvent.change(screen.getByLabelText('Your message'), { target: { value: text } });
  fireEvent.submit(screen.getByLabelText('Your message').closest('form') as HTMLFormElement);
}

describe('TalentScoutPage', () => {
  it('opens with a greeting from Talent Scout AI', () => {
    render(<TalentScoutPage />);
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(within(log).getAllByRole('listitem')).toHaveLength(1);
    expect(log).toHaveTextContent(/Talent Scout AI.*Hi!/);
  });

  it('answers each message with the one canned reply after 1 second, not before', () => {
    vi.useFakeTimers();
    render(<TalentScoutPage />);
    sendMessage('Remote design roles');
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(log).toHaveTextContent('Remote design roles');
    expect(screen.getByLabelText('Your message')).toHaveValue('');
    expect(log).not.toHaveTextContent(cannedReply);

    act(() => vi.advanceTimersByTime(990));
    expect(log).not.toHaveTextContent(cannedReply);
    act(() => vi.advanceTimersByTime(20));
    expect(within(log).getAllByText(cannedReply)).toHaveLength(1);

    sendMessage('And in Berlin?');
    act(() => vi.advanceTimersByTime(1000));
    expect(within(log).getAllByText(cannedReply)).toHaveLength(2);
    expect(within(log).getAllByRole('listitem')).toHaveLength(5);
  });

  it('does not send an empty message', () => {
    vi.useFakeTimers();
    render(<TalentScoutPage />);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    sendMessage('   ');
    act(() => vi.advanceTimersByTime(2000));
    expect(within(screen.getByRole('log')).getAllByRole('listitem')).toHaveLength(1);
  });

  it('shows a message its address carries (the form sent before the scripts ran) with the reply', () => {
    render(<TalentScoutPage sent="  Remote design roles " />);
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(within(log).getAllByRole('listitem')).toHaveLength(3);
    expect(log).toHaveTextContent(/You.*Remote design roles/);
    expect(within(log).getAllByText(cannedReply)).toHaveLength(1);
    // A GET form of the page's own: its field is the address's parameter.
    expect(screen.getByLabelText('Your message')).toHaveAttribute('name', 'message');
    expect(screen.getByLabelText('Your message').closest('form')).toHaveAttribute('method', 'get');
  });

  it('lists the ten suggested titles; choosing one fills the message', async () => {
    render(<TalentScoutPage />);
    const panel = screen.getByRole('complementary', { name: 'Suggested job titles' });
    const buttons = within(panel).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([...suggestedTitles]);
    expect(suggestedTitles).toEqual([
      'Software Engineer',
      'Product Designer',
      'Product Manager',
      'Data Scientist',
      'Marketing Manager',
      'Account Executive',
      'Operations Manager',
      'UX Researcher',
      'Full Stack Developer',
      'Frontend Developer',
    ]);
    await userEvent.click(within(panel).getByRole('button', { name: 'UX Researcher' }));
    expect(screen.getByLabelText('Your message')).toHaveValue('UX Researcher');
    expect(screen.getByLabelText('Your message')).toHaveFocus();
  });

  it('sends nothing over the network', () => {
    vi.useFakeTimers();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    render(<TalentScoutPage />);
    sendMessage('Hello');
    act(() => vi.advanceTimersByTime(1000));
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
