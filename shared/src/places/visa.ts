import type { VisaSponsorship } from '@board/shared/places/types';

/**
 * Whether a job sponsors a work visa: the ATS's field where it has one, otherwise the
 * description's own words, read sentence by sentence with the rules below. A sentence that says
 * no outweighs one that says yes ('we sponsor senior roles; we cannot sponsor interns' is no: the
 * board would rather miss a job than show a seeker who needs a visa one that refuses). A question
 * ('Will you require sponsorship?') says nothing. Nothing said is 'not-stated', never 'no'.
 */

/** What sponsorship is called: a visa, a work permit, H-1B, immigration. */
const sponsorship = String.raw`(?:(?:visa|immigration|work[\s-]*permit|h-?1b|work authori[sz]ation|employment authori[sz]ation)\s+)?sponsor(?:ship|ing|ed|s)?`;
const visaWords = String.raw`(?:visas?|work[\s-]*visas?|h-?1b(?:\s+visas?)?|work permits?|immigration support|visa support|relocation and visa support)`;
const cannot = String.raw`(?:(?:are|is|am)\s+)?(?:not|unable|cannot|can\s*not|can't|cant|won't|will not|do not|don't|does not|doesn't|are not able|is not able|no longer|never)`;

export interface VisaRule {
  says: 'yes' | 'no';
  pattern: RegExp;
  /** A real posting's wording the rule reads. */
  example: string;
}

/** The rules, 'no' first: a sentence is read by the first rule that matches it. */
export const visaRules: readonly VisaRule[] = [
  {
    says: 'no',
    pattern: new RegExp(
      String.raw`${cannot}\b[^.]{0,60}?\b(?:offer|provide|support|sponsor|consider|accept|eligible for|available for)\b[^.]{0,40}?\b(?:${sponsorship}|${visaWords})`,
      'i',
    ),
    example: 'We are unable to offer visa sponsorship for this role.',
  },
  {
    says: 'no',
    pattern: new RegExp(
      String.raw`\b(?:${sponsorship}|${visaWords})\b[^.]{0,40}?\b(?:is|are|will be)\s+not\b[^.]{0,20}?\b(?:available|offered|provided|possible|supported)`,
      'i',
    ),
    example: 'Visa sponsorship is not available.',
  },
  {
    says: 'no',
    pattern: new RegExp(
      String.raw`\b(?:no|without(?:\s+(?:the\s+)?(?:need|requirement)\s+(?:for|of))?|not\s+(?:require|requiring|need|needing))\b[^.]{0,30}?\b(?:${sponsorship}|visa support)`,
      'i',
    ),
    example: 'Must be authorized to work in the US without the need for visa sponsorship.',
  },
  {
    says: 'no',
    pattern: new RegExp(String.raw`\b(?:${sponsorship})\b[^.]{0,20}?:\s*(?:no|not available|none|n/a)\b`, 'i'),
    example: 'Visa sponsorship: No',
  },
  {
    says: 'no',
    pattern: new RegExp(
      String.raw`\b(?:require|requiring|need|needing)s?\b[^.]{0,30}?\b${sponsorship}\b[^.]{0,40}?\b(?:not be considered|ineligible|not eligible|cannot be considered|will not)`,
      'i',
    ),
    example: 'Candidates requiring sponsorship will not be considered.',
  },
  {
    says: 'yes',
    pattern: new RegExp(
      String.raw`\b(?:${sponsorship}|${visaWords})\b[^.]{0,40}?\b(?:is|are|will be|may be|can be)\s+(?:available|offered|provided|possible|supported)`,
      'i',
    ),
    example: 'Visa sponsorship is available for this position.',
  },
  {
    says: 'yes',
    pattern: new RegExp(
      String.raw`\b(?:we|company|employer|team)\b[^.]{0,30}?\b(?:sponsor|sponsors|will sponsor|can sponsor|are able to sponsor|offer|offers|provide|provides|support|supports)\b[^.]{0,30}?\b(?:${sponsorship}|${visaWords})`,
      'i',
    ),
    example: 'We sponsor visas and help with relocation.',
  },
  {
    says: 'yes',
    pattern: /\b(?:we|company|employer)\s+(?:can|will|are able to|are happy to|are open to)\s+sponsor\b/i,
    example: 'We can sponsor.',
  },
  {
    says: 'yes',
    pattern: new RegExp(
      String.raw`\b(?:${sponsorship}|${visaWords})\s*(?::\s*(?:yes|available|offered|provided)|\s+(?:available|offered|provided|included))\b`,
      'i',
    ),
    example: 'Visa sponsorship available',
  },
  {
    says: 'yes',
    pattern:
      /\bopen to sponsoring\b|\bsponsorship (?:is )?(?:available|offered|provided)\b|\bhelp (?:you )?(?:with|obtain|get)(?: a| your)? (?:work )?visa/i,
    example: 'We are open to sponsoring the right candidate.',
  },
  {
    says: 'yes',
    pattern:
      /^(?:full\s+)?(?:relocation\s+(?:and|&)\s+)?(?:visa|immigration|work[\s-]*permit)\s+(?:sponsorship|support)(?:\s+(?:and|&)\s+relocation)?\.?$/i,
    example: 'Visa sponsorship',
  },
];

/** A value an ATS gives for sponsorship: true, 'Yes', 'Available' or false, 'No', 'Not available'. */
function fieldValue(value: unknown): VisaSponsorship {
  if (value === true) return 'yes';
  if (value === false) return 'no';
  if (typeof value !== 'string') return 'not-stated';
  const word = value.trim().toLowerCase();
  if (/^(yes|y|true|available|offered|provided|sponsored)\b/.test(word)) return 'yes';
  if (/^(no|n|false|not available|none|unavailable)\b/.test(word)) return 'no';
  return 'not-stated';
}

const mention = /sponsor|visa|work[\s-]*permit|h-?1b/gi;
const sentenceEnd = /[.!?;•\n]/;

/**
 * The sentences that mention sponsorship or a visa, questions dropped. Only the text around each
 * mention is cut into sentences: a description is thousands of characters, and most name neither.
 */
function mentioningSentences(text: string): string[] {
  const found: string[] = [];
  let covered = 0;
  for (const match of text.matchAll(mention)) {
    if (match.index < covered) continue;
    let start = match.index;
    while (start > 0 && match.index - start < 400 && !sentenceEnd.test(text[start - 1] as string)) start--;
    let end = match.index;
    while (end < text.length && end - match.index < 400 && !sentenceEnd.test(text[end] as string)) end++;
    // A sentence's own full stop, and a question mark that makes it a question, end it.
    const stop = text[end] ?? '';
    covered = end + 1;
    const sentence = text
      .slice(start, end)
      .replace(/<[^>]*>/g, ' ')
      .trim();
    if (sentence && stop !== '?') found.push(sentence);
  }
  return found;
}

/** Whether a job sponsors a visa: its ATS's field where given ('yes'/'no'), else its description's words. */
export function readVisaSponsorship(text: string | null | undefined, atsValue?: unknown): VisaSponsorship {
  const field = fieldValue(atsValue);
  if (field !== 'not-stated') return field;
  let answer: VisaSponsorship = 'not-stated';
  for (const sentence of mentioningSentences((text ?? '').slice(0, 200_000))) {
    const rule = visaRules.find((candidate) => candidate.pattern.test(sentence));
    if (rule?.says === 'no') return 'no';
    if (rule?.says === 'yes') answer = 'yes';
  }
  return answer;
}
