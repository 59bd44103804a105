/** The talent-scout chat is a front-end mock: nothing here talks to a server. */
export const assistantName = 'Talent Scout AI';

export const greeting =
  "Hi! I'm your Talent Scout AI. Tell me what kind of role you're looking for, and I'll help you find openings at startups that match.";

/** The one fixed reply every message gets (SPEC: a canned reply after 1 second). */
export const cannedReply =
  "Thanks for sharing! I'm still in training, so I can't search the board for you yet. In the meantime, browse the latest openings on the Jobs page, or filter them by title, investor and salary.";

export const replyDelayMs = 1000;

export const suggestedTitles = [
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
] as const;

export interface ChatMessage {
  id: number;
  author: 'assistant' | 'user';
  text: string;
}
