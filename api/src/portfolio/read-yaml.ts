import {
  type Alias,
  type Document,
  isAlias,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  type Node,
  parseDocument,
  Scalar,
  visit,
} from 'yaml';
import { profileFields } from './model';
import { type Path, type PortfolioError, type PortfolioRead, pathText, validatePortfolio } from './validate';

/** Values the file's aliases may stand for in all: far more than a hand-written file reuses. */
const maxAliasedNodes = 20_000;

/**
 * The portfolio file in YAML. It is read without YAML's implicit types (the failsafe schema:
 * every value is text, so `percentage: 0.10` stays `0.10` and `name: yes` stays `yes`), and each
 * value is then read by the file's own rules; a plain `null`, `~` or nothing is an empty value.
 * Every value's line is kept, so each error names its line.
 */
export function readPortfolioYaml(input: string | Uint8Array): PortfolioRead {
  const text = decode(input);
  if (text === null) return failed(1, 'the file is not UTF-8 text');
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { schema: 'failsafe', lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0)
    return {
      ok: false,
      errors: doc.errors.map((error) => ({
        line: lineCounter.linePos(error.pos[0]).line,
        at: 'the file',
        message: error.message.split('\n')[0] ?? error.message,
      })),
    };

  const lines = new Map<string, number>();
  let aliased = 0;
  const targets = aliasTargets(doc);
  const lineOf = (node: Node | null | undefined) => (node?.range ? lineCounter.linePos(node.range[0]).line : undefined);
  const plain = (node: unknown, path: Path, fallbackLine: number, viaAlias = false): unknown => {
    const inAlias = viaAlias || isAlias(node);
    if (inAlias && ++aliased > maxAliasedNodes) throw new TooLarge();
    const resolved = isAlias(node) ? targets.get(node) : node;
    const line = (isAlias(node) ? lineOf(node) : undefined) ?? lineOf(resolved as Node) ?? fallbackLine;
    lines.set(pathText(path), line);
    if (isMap(resolved)) {
      // No prototype: a key named like one of Object's own is a key like any other.
      const object: Record<string, unknown> = Object.create(null);
      for (const pair of resolved.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : `${String(pair.key)}`;
        const keyLine = lineOf(pair.key as Node) ?? line;
        object[key] = plain(pair.value, [...path, key], keyLine, inAlias);
        if (pair.value === null) lines.set(pathText([...path, key]), keyLine);
      }
      return object;
    }
    if (isSeq(resolved)) {
      const items = resolved.flow ? joinThousands(resolved.items, text) : resolved.items;
      return items.map((item, index) => plain(item, [...path, index], line, inAlias));
    }
    if (isScalar(resolved)) {
      const value = String(resolved.value ?? '');
      return resolved.type === 'PLAIN' && /^(|~|null|Null|NULL)$/.test(value) ? null : value;
    }
    return null;
  };

  let data: unknown;
  try {
    data = plain(doc.contents, [], 1);
  } catch (error) {
    if (error instanceof TooLarge) return failed(1, 'the file is too large once its aliases are expanded');
    throw error;
  }
  const locate = (path: Path) => {
    for (let length = path.length; length > 0; length--) {
      const line = lines.get(pathText(path.slice(0, length)));
      if (line !== undefined) return { line, at: pathText(path) };
    }
    return { line: lines.get('') ?? 1, at: path.length > 0 ? pathText(path) : 'the file' };
  };
  return validatePortfolio(data, locate, profileFields);
}

class TooLarge extends Error {}

/**
 * What each alias stands for: the last node before it with its anchor, found in one walk of the
 * document (the library's own `resolve` walks the document again for every alias: 5,000 aliases
 * would be 5,000 walks).
 */
function aliasTargets(doc: Document): Map<Alias, Node | undefined> {
  const anchored = new Map<string, Node>();
  const targets = new Map<Alias, Node | undefined>();
  visit(doc, {
    Node: (_key, node) => {
      if (isAlias(node)) targets.set(node, anchored.get(node.source));
      else if (node.anchor) anchored.set(node.anchor, node);
    },
  });
  return targets;
}

/**
 * Inside `[ ]` YAML ends an entry at every comma, so `[Learning budget of £1,500 a year]` would be
 * two benefits. A comma written between digits with no space (a thousands separator) is read as
 * part of the entry, as the person who wrote it meant: such entries are joined again.
 */
function joinThousands(items: unknown[], text: string): unknown[] {
  const joined: unknown[] = [];
  for (const item of items) {
    const previous = joined.at(-1);
    if (
      isPlainScalar(previous) &&
      isPlainScalar(item) &&
      text.slice(previous.range[1], item.range[0]) === ',' &&
      isDigit(text[previous.range[1] - 1]) &&
      isDigit(text[item.range[0]])
    ) {
      const value = new Scalar(`${previous.value},${item.value}`);
      value.type = 'PLAIN';
      value.range = [previous.range[0], item.range[1], item.range[2]];
      joined[joined.length - 1] = value;
    } else joined.push(item);
  }
  return joined;
}

const isDigit = (character: string | undefined) => character !== undefined && character >= '0' && character <= '9';

const isPlainScalar = (node: unknown): node is Scalar & { range: [number, number, number] } =>
  isScalar(node) && node.type === 'PLAIN' && Array.isArray(node.range);

function failed(line: number, message: string): { ok: false; errors: PortfolioError[] } {
  return { ok: false, errors: [{ line, at: 'the file', message }] };
}

/** The file's text: UTF-8, with or without a byte order mark. */
export function decode(input: string | Uint8Array): string | null {
  let text: string;
  if (typeof input === 'string') text = input;
  else
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(input);
    } catch {
      return null;
    }
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}
