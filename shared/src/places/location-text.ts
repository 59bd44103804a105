/**
 * A location text cut into what it lists: 'New York, NY; San Francisco, CA' is two places,
 * 'London or Remote (UK)' a place and a remote part. Pure string work; the names are read by
 * read-places.ts.
 */

/** One of the places or remote parts a text lists. */
export interface LocationGroup {
  /** The group says the job is remote ('Remote', 'Anywhere', 'Work from home'). */
  remote: boolean;
  /** The group says anywhere in the world ('Anywhere', 'Worldwide', 'Global'). */
  worldwide: boolean;
  /** For a place: its parts from the most to the least precise ('Cambridge', 'MA', 'USA'). For a remote part: the areas it names. */
  parts: string[];
}

/** Workplace words, or where it is in a text: what the text lists never splits inside them. */
const remoteWords =
  /\b(?:fully[\s-]+remote|remote[\s-]+(?:first|friendly|ok|only|eligible|possible)|remote|work(?:ing)?[\s-]+from[\s-]+home|wfh|home[\s-]+based|distributed|telecommute|anywhere|worldwide|world[\s-]*wide|globally|global)\b/gi;
const worldwideWords = /\b(?:anywhere|worldwide|world[\s-]*wide|globally|global|world|international)\b/i;
const workplaceWords = /\b(?:hybrid|on[\s-]?site|in[\s-]office|office[\s-]based|in[\s-]person)\b/gi;

/** Words around an area that say nothing about where ('US only', 'EU time zones', 'based in Canada'). */
const fillerWords =
  /\b(?:only|based|in|within|from|of|the|any|all|and|or|ok|friendly|eligible|must|be|located|living|residents?|countries|country|locations?|time[\s-]*zones?|timezones?|hours|possible|preferred|region|area|across|world|international|e\.?g)\b/gi;

/** The text's parts at the top level, outside parentheses: ';', '|', '/', ' or ', ' · ' and new lines separate places. */
export function splitGroups(text: string): string[] {
  const groups: string[] = [];
  let depth = 0;
  let current = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    if (char === '(' || char === '[') depth++;
    if ((char === ')' || char === ']') && depth > 0) depth--;
    const rest = text.slice(index, index + 4).toLowerCase();
    const separator = depth === 0 && (';|/\n·•'.includes(char) ? 1 : rest === ' or ' ? 4 : 0);
    if (separator) {
      groups.push(current);
      current = '';
      index += separator - 1;
    } else {
      current += char;
    }
  }
  groups.push(current);
  return groups.map((group) => group.trim()).filter(Boolean);
}

/** A place's parts: 'Cambridge, MA (USA)' -> ['Cambridge', 'MA', 'USA']; 'Berlin - Germany' -> ['Berlin', 'Germany']. */
export function splitParts(text: string): string[] {
  return text
    .split(/[,()[\]:]|\s[-–—]\s|\s[-–—]|[-–—]\s/)
    .map((part) => part.trim())
    .filter((part) => /[\p{L}\p{N}]/u.test(part));
}

/** A remote part's areas: 'US or Canada', 'US/Canada', 'US & Canada' and 'EU, UK' name two each. */
export function splitAreas(text: string): string[] {
  return text
    .split(/[,()[\]:&+/]|\s[-–—]\s|\s[-–—]|[-–—]\s|^[-–—]|\s+(?:or|and)\s+/i)
    .map((part) => part.trim())
    .filter((part) => /[\p{L}\p{N}]/u.test(part));
}

/** An area without the words around it: 'US only' -> 'US', 'based in Canada' -> 'Canada'. */
export function withoutFillers(area: string): string {
  return area.replace(fillerWords, ' ').replace(/\s+/g, ' ').trim();
}

/** Reads one group: whether it says remote or anywhere, and its parts without the workplace words. */
export function readGroup(text: string): LocationGroup {
  const remote = remoteWords.test(text);
  remoteWords.lastIndex = 0;
  if (!remote) {
    return { remote: false, worldwide: false, parts: splitParts(text.replace(workplaceWords, ' ')) };
  }
  const worldwide = worldwideWords.test(text);
  const rest = text.replace(remoteWords, ' ').replace(workplaceWords, ' ');
  return { remote: true, worldwide, parts: splitAreas(rest) };
}
