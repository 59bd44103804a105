/**
 * Description text (SPEC section 2): paragraphs split on blank lines, single newlines become line
 * breaks, text wrapped in hash marks is bold. Parsed into data; the component renders React
 * elements, never HTML strings.
 */
interface Segment {
  text: string;
  bold: boolean;
}

/** paragraphs -> lines -> segments */
export type Paragraphs = Segment[][][];

export function parseDescription(text: string): Paragraphs {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => paragraph.split('\n').map(parseLine));
}

function parseLine(line: string): Segment[] {
  const segments: Segment[] = [];
  // #word# at a word boundary, so that "C#" or "F#" in running text stay as they are.
  const pattern = /(^|[\s(])#([^#\s](?:[^#\n]*[^#\s])?)#(?=$|[\s.,;:!?)])/g;
  let last = 0;
  for (const match of line.matchAll(pattern)) {
    const start = match.index + (match[1]?.length ?? 0);
    if (start > last) segments.push({ text: line.slice(last, start), bold: false });
    segments.push({ text: match[2] ?? '', bold: true });
    last = match.index + match[0].length;
  }
  if (last < line.length) segments.push({ text: line.slice(last), bold: false });
  return segments;
}
