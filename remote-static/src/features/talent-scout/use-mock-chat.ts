import { useCallback, useEffect, useRef, useState } from 'react';
import { type ChatMessage, cannedReply, greeting, replyDelayMs } from './mock-chat';

/**
 * Messages of the mock chat; each user message gets the canned reply after one second. `sent`: a
 * message the page's address carries (the form sent before the scripts ran, or without them),
 * shown with its reply from the start: the page load was its second.
 */
export function useMockChat(sent = '') {
  const first = sent.trim();
  const [messages, setMessages] = useState<ChatMessage[]>(() => [
    { id: 0, author: 'assistant', text: greeting },
    ...(first
      ? [
          { id: 1, author: 'user' as const, text: first },
          { id: 2, author: 'assistant' as const, text: cannedReply },
        ]
      : []),
  ]);
  const [pendingReplies, setPendingReplies] = useState(0);
  const nextId = useRef(first ? 3 : 1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const send = useCallback((text: string) => {
    const trimmed = text.trim();
    if (!trimmed) return;
    setMessages((current) => [...current, { id: nextId.current++, author: 'user', text: trimmed }]);
    setPendingReplies((n) => n + 1);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setMessages((current) => [...current, { id: nextId.current++, author: 'assistant', text: cannedReply }]);
      setPendingReplies((n) => n - 1);
    }, replyDelayMs);
    timers.current.add(timer);
  }, []);

  return { messages, send, typing: pendingReplies > 0 };
}
