/**
 * A line MDX reads as one flow node whose node is sure without the parser (issue 37, goal 7): one JSX tag
 * (`<Card title="Start" href="/start">`, `</Card>`, `<Spacer />`) or one comment (`{/* vale off *\/}`), read the way
 * `micromark-extension-mdx-jsx` and `-mdx-expression` read them. Only what is sure is read; anything else is
 * undefined and the line is left to the parser:
 * - names are ASCII identifiers, joined by dots (`Tree.Folder`); attribute names ASCII, with dashes (`data-x`);
 * - a quoted value holds no `&` (the parser decodes character references there) and a value in braces is a
 *   literal (numbers, `true`, strings without backslashes or braces, arrays and objects of them): valid JavaScript
 *   whatever the parser's checks, with no brace that its brace counting could take for the end;
 * - spaces only, no tabs, and nothing after the tag but blanks; a tag may run over lines between its attributes
 *   (`<img` then `src="..."` and `/>` on lines of their own), never inside a value.
 */
import type { MdxNode } from './mdxNode';

export interface TagLine {
  kind: 'open' | 'close' | 'self' | 'comment';
  /** The component's name (`Tree.Folder`); empty for a comment. */
  name: string;
  attributes: NonNullable<MdxNode['attributes']>;
  /** Offsets in the line: the tag's `<` (or the comment's `{`), and just after its `>` (`}`). */
  start: number;
  end: number;
  /** A comment's value, as the parser gives it (between the braces). */
  value?: string;
}

const ATTRIBUTE_NAME = /[A-Za-z_$][A-Za-z0-9_$-]*/y;
const COMMENT = /^( *)\{(\/\*[^{}]*?\*\/)\}[ \t]*$/;

/**
 * The tag or comment `line` is (or its lines are, joined by line feeds), or undefined when it is anything else or
 * anything about it is unsure.
 */
export function tagLine(line: string): TagLine | undefined {
  if (line.includes('\t')) return undefined;
  const comment = COMMENT.exec(line);
  if (comment) {
    const value = comment[2] as string;
    // One comment, closed only at its end.
    if (value.indexOf('*/') !== value.length - 2) return undefined;
    const start = (comment[1] as string).length;
    return { kind: 'comment', name: '', attributes: [], start, end: start + value.length + 2, value };
  }
  const open = /^ */.exec(line) as RegExpExecArray;
  const tag = tagAt(line, open[0].length, true);
  if (tag === undefined || line.slice(tag.end).trim() !== '') return undefined;
  return tag;
}

const TAG_NAME = /<(\/?)([A-Za-z][A-Za-z0-9_$]*(?:\.[A-Za-z][A-Za-z0-9_$]*)*)/y;

/**
 * The tag whose `<` stands at `at` in `text`, read as `tagLine` reads one (see the file's comment), with whatever
 * follows it; undefined when none is sure to start there. `newlines`: whether line feeds may stand between its
 * attributes (a tag over lines).
 */
export function tagAt(text: string, at: number, newlines = false): TagLine | undefined {
  TAG_NAME.lastIndex = at;
  const open = TAG_NAME.exec(text);
  if (!open) return undefined;
  const start = at;
  const closing = open[1] === '/';
  const attributes: TagLine['attributes'] = [];
  at += open[0].length;
  for (;;) {
    const spaced = skipSpaces(text, at, newlines);
    if (text[spaced] === '>' || (text[spaced] === '/' && text[spaced + 1] === '>')) {
      const self = text[spaced] === '/';
      if (closing && self) return undefined;
      const end = spaced + (self ? 2 : 1);
      return { kind: closing ? 'close' : self ? 'self' : 'open', name: open[2] as string, attributes, start, end };
    }
    if (closing || spaced === at) return undefined;
    ATTRIBUTE_NAME.lastIndex = spaced;
    const name = ATTRIBUTE_NAME.exec(text)?.[0];
    if (name === undefined) return undefined;
    at = spaced + name.length;
    if (text[at] !== '=') {
      attributes.push({ type: 'mdxJsxAttribute', name, value: null });
      continue;
    }
    const quote = text[at + 1];
    if (quote === '"' || quote === "'") {
      const close = text.indexOf(quote, at + 2);
      if (close === -1) return undefined;
      const value = text.slice(at + 2, close);
      if (value.includes('&') || value.includes('\n')) return undefined;
      attributes.push({ type: 'mdxJsxAttribute', name, value });
      at = close + 1;
    } else if (quote === '{') {
      const inner = skipSpaces(text, at + 2);
      const literal = literalEnd(text, inner, 0);
      const close = literal === undefined ? -1 : skipSpaces(text, literal);
      if (close === -1 || text[close] !== '}') return undefined;
      attributes.push({ type: 'mdxJsxAttribute', name, value: { type: 'mdxJsxAttributeValueExpression', value: text.slice(at + 2, close) } });
      at = close + 1;
    } else {
      return undefined;
    }
  }
}

function skipSpaces(line: string, at: number, newlines = false): number {
  while (line[at] === ' ' || (newlines && line[at] === '\n')) at++;
  return at;
}

// No leading zero: `01` is an error in a module's strict mode.
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?/y;
const WORD = /(?:true|false|null)(?![A-Za-z0-9_$])/y;
// `__proto__` twice is an error: no such key.
const KEY = /(?!__proto__)[A-Za-z_$][A-Za-z0-9_$]*/y;
/** Literals nest no deeper than this (the rest is the parser's). */
const MAX_LITERAL_DEPTH = 4;

/** Where the literal starting at `at` ends, or undefined when none starts there (see the file's comment). */
function literalEnd(line: string, at: number, depth: number): number | undefined {
  const c = line[at];
  if (c === '"' || c === "'") {
    const close = line.indexOf(c, at + 1);
    if (close === -1 || /[\\{}]/.test(line.slice(at + 1, close))) return undefined;
    return close + 1;
  }
  if (c === '[' || c === '{') {
    if (depth >= MAX_LITERAL_DEPTH) return undefined;
    const object = c === '{';
    const end = object ? '}' : ']';
    let next = skipSpaces(line, at + 1);
    while (line[next] !== end) {
      if (object) {
        KEY.lastIndex = next;
        const quoted = line[next] === '"' || line[next] === "'";
        const key = quoted ? literalEnd(line, next, depth + 1) : KEY.exec(line) ? KEY.lastIndex : undefined;
        if (key === undefined || (quoted && line.slice(next + 1, key - 1) === '__proto__')) return undefined;
        next = skipSpaces(line, key);
        if (line[next] !== ':') return undefined;
        next = skipSpaces(line, next + 1);
      }
      const value = literalEnd(line, next, depth + 1);
      if (value === undefined) return undefined;
      next = skipSpaces(line, value);
      if (line[next] === ',') next = skipSpaces(line, next + 1);
      else if (line[next] !== end) return undefined;
    }
    return next + 1;
  }
  for (const pattern of [NUMBER, WORD]) {
    pattern.lastIndex = at;
    if (pattern.exec(line)) return pattern.lastIndex;
  }
  return undefined;
}
