import { Parser } from 'htmlparser2';

/**
 * What drawing an SVG would cost librsvg, counted before it is drawn: every element once, and
 * every reference again at the cost of what it draws (a `<use>`'s `href`, a `url(#id)` fill,
 * clip, mask, filter or marker, in an attribute or a `<style>`). A `<use>` bomb (ten uses of ten
 * uses of …) is small as text and billions of elements as drawn; librsvg stops only at 500,000
 * and seconds of CPU, past any timeout. A reference cycle, or a chain of references deeper than
 * any logo's, costs too much by itself. docs/decisions/048-svg-logos-drawn-within-a-cost.md.
 */
export const maxSvgCost = 10_000;
const maxElements = 20_000;
const maxReferenceDepth = 32;

interface Element {
  /** Its references (`#id` targets). */
  refs: string[];
  /** The index after its last descendant. */
  end: number;
}

const referenceIn = /url\(\s*['"]?#([^'")\s]+)['"]?\s*\)/g;

/** The cost of drawing `text` as an SVG, or `Infinity` when it is past counting. */
export function svgCost(text: string): number {
  const elements: Element[] = [];
  const open: number[] = [];
  const ids = new Map<string, number>();
  const styleRefs = new Set<string>();
  let inStyle = false;
  let tooMany = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (elements.length >= maxElements) {
          tooMany = true;
          return;
        }
        const refs: string[] = [];
        for (const [key, value] of Object.entries(attributes)) {
          if ((key === 'href' || key === 'xlink:href') && value.trim().startsWith('#'))
            refs.push(value.trim().slice(1));
          for (const match of value.matchAll(referenceIn)) if (match[1]) refs.push(match[1]);
        }
        const index = elements.length;
        elements.push({ refs, end: index + 1 });
        if (attributes.id && !ids.has(attributes.id)) ids.set(attributes.id, index);
        open.push(index);
        inStyle = name.toLowerCase() === 'style';
      },
      ontext(data) {
        if (inStyle) for (const match of data.matchAll(referenceIn)) if (match[1]) styleRefs.add(match[1]);
      },
      onclosetag() {
        const index = open.pop();
        const element = index === undefined ? undefined : elements[index];
        if (element) element.end = elements.length;
        inStyle = false;
      },
    },
    { xmlMode: true },
  );
  parser.write(text);
  parser.end();
  if (tooMany) return Number.POSITIVE_INFINITY;

  // A `<style>` rule may apply to any element: each is counted as holding its references (inside
  // what such a reference draws, a rule that would draw it again is librsvg's error, not a cost).
  const styled = [...styleRefs];
  const known = new Map<string, number>();
  const counting = new Set<string>();
  function costOf(id: string, depth: number, fromStyle = false): number {
    const cached = known.get(id);
    if (cached !== undefined) return cached;
    const start = ids.get(id);
    if (start === undefined || (fromStyle && counting.has(id))) return 0;
    if (counting.has(id) || depth > maxReferenceDepth) return Number.POSITIVE_INFINITY;
    counting.add(id);
    const cost = rangeCost(start, elements[start]?.end ?? start, depth + 1);
    counting.delete(id);
    known.set(id, cost);
    return cost;
  }
  function rangeCost(start: number, end: number, depth: number): number {
    let cost = 0;
    for (let index = start; index < end && cost <= maxSvgCost; index++) {
      cost += 1;
      for (const ref of elements[index]?.refs ?? []) cost += costOf(ref, depth);
      for (const ref of styled) cost += costOf(ref, depth, true);
    }
    return cost;
  }
  return rangeCost(0, elements.length, 0);
}
