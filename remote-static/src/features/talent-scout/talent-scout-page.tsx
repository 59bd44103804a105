import { fixedPages } from '@board/shared/api/page-heads';
import { useHydrated } from '@board/shared/react/render-time';
import { Button } from '@board/shared/ui/button';
import { PageTitle } from '@board/shared/ui/page-title';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { assistantName, suggestedTitles } from './mock-chat';
import { useMockChat } from './use-mock-chat';

/** The address's parameter of a message the chat's form sent as a plain GET form. */
export const messageParam = 'message';

/**
 * /talent-scout: a mock chat with a side panel of suggested job titles. Sends nothing to a server
 * but the page's own: before its scripts run (or without them) the chat is a GET form, and the
 * page comes back with the message and its reply (`sent`). Once hydrated, messages are answered in
 * place; the field is uncontrolled, so what was typed before hydration is still there.
 */
export function TalentScoutPage({ sent = '' }: { sent?: string }) {
  const { messages, send, typing } = useMockChat(sent);
  const [empty, setEmpty] = useState(true);
  const hydrated = useHydrated();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const log = useRef<HTMLOListElement>(null);

  // What was typed before the scripts ran: Send is ready for it.
  useEffect(() => {
    setEmpty(!input.current?.value.trim());
  }, []);

  const setDraft = (text: string) => {
    if (input.current) input.current.value = text;
    setEmpty(!text.trim());
  };

  // Keep the newest message in view as the log grows (also each time a reply arrives).
  useEffect(() => {
    const last = log.current?.lastElementChild;
    if (last && messages.length > 1) last.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(input.current?.value ?? '');
    setDraft('');
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <PageTitle>{fixedPages.talentScout.title}</PageTitle>
      <h1 className="text-3xl font-bold tracking-tight text-ink">Talent Scout</h1>
      <p className="mt-2 text-muted">
        Tell our assistant what you are looking for. This is a preview: your messages stay in this page.
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_18rem]">
        <section
          aria-label={`Chat with ${assistantName}`}
          className="flex min-h-[28rem] flex-col rounded-xl border border-line bg-white"
        >
          <div role="log" aria-live="polite" aria-label="Messages" className="max-h-[32rem] flex-1 overflow-y-auto p-4">
            <ol ref={log} className="flex flex-col gap-3">
              {messages.map((message) => (
                <li key={message.id} className={message.author === 'user' ? 'flex justify-end' : 'flex justify-start'}>
                  <div
                    className={
                      message.author === 'user'
                        ? 'max-w-[80%] rounded-2xl rounded-br-sm bg-brand-600 px-4 py-2 text-white'
                        : 'max-w-[80%] rounded-2xl rounded-bl-sm bg-surface px-4 py-2 text-ink ring-1 ring-line'
                    }
                  >
                    <p className="text-xs font-semibold opacity-80">
                      {message.author === 'user' ? 'You' : assistantName}
                    </p>
                    <p className="mt-0.5 text-sm whitespace-pre-wrap">{message.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
          <p aria-hidden={!typing} className="h-6 px-4 text-xs text-muted">
            {typing ? `${assistantName} is typing…` : ''}
          </p>
          <form method="get" onSubmit={submit} className="flex gap-2 border-t border-line p-3">
            <label htmlFor={inputId} className="sr-only">
              Your message
            </label>
            <input
              id={inputId}
              ref={input}
              name={messageParam}
              required
              onChange={(event) => setEmpty(!event.target.value.trim())}
              placeholder="e.g. Senior frontend roles in London"
              autoComplete="off"
              maxLength={1000}
              className="h-10 min-w-0 flex-1 rounded-lg border border-line px-3 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
            />
            {/* Active until hydrated: a disabled default button would stop Enter from sending the form. */}
            <Button type="submit" disabled={hydrated && empty}>
              Send
            </Button>
          </form>
        </section>
        <aside aria-labelledby={`${inputId}-suggested`} className="rounded-xl border border-line bg-surface p-4">
          <h2 id={`${inputId}-suggested`} className="font-semibold text-ink">
            Suggested job titles
          </h2>
          <p className="mt-1 text-sm text-muted">Pick one to put it in your message.</p>
          <ul className="mt-3 flex flex-wrap gap-2 lg:flex-col">
            {suggestedTitles.map((title) => (
              <li key={title}>
                <button
                  type="button"
                  onClick={() => {
                    setDraft(title);
                    input.current?.focus();
                  }}
                  className="rounded-full border border-line bg-white px-3 py-1.5 text-left text-sm text-ink hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-600 lg:w-full lg:rounded-lg"
                >
                  {title}
                </button>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </div>
  );
}
