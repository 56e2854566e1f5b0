/**
 * The MDX parser (`mdast-util-from-markdown` with the MDX extensions and acorn, required on first use only) and a
 * page's tree as `mdx.ts` reads it: the page cut into blocks (`mdxRegions.ts`), each parsed alone or in batches, and
 * plain Markdown inside components read without the parser where that is sure (`mdxSkeleton.ts`).
 */
import { DocumentError } from '../problems/errors';
import { MAX_MARKUP_DEPTH } from '../text/nesting';
import { end, start } from './mdxNode';
import type { MdxNode, Point } from './mdxNode';
import { skeletonChildren, sureChildren } from './mdxSkeleton';
import type { MdxBlock } from './mdxRegions';

type FromMarkdown = (text: string, options: { extensions: unknown[]; mdastExtensions: unknown[] }) => MdxNode;

interface EsmProgram {
  body: Array<{ type: string; specifiers?: Array<{ local: { name: string } }> }>;
}

interface MdxParser {
  fromMarkdown: FromMarkdown;
  syntax: unknown;
  tree: unknown;
  /** The JavaScript parser MDX reads `import`/`export` blocks with (acorn with JSX, as `micromark-extension-mdxjs`). */
  esm: { parse(text: string, options: object): EsmProgram };
}

let parser: MdxParser | undefined;

/** The MDX parser, required on first use only (esbuild bundles it; nothing loads it at start-up). */
function mdxParser(): MdxParser {
  if (parser === undefined) {
    /* eslint-disable @typescript-eslint/no-require-imports */
    const { fromMarkdown } = require('mdast-util-from-markdown') as { fromMarkdown: FromMarkdown };
    const { mdxjs } = require('micromark-extension-mdxjs') as { mdxjs: () => unknown };
    const { mdxFromMarkdown } = require('mdast-util-mdx') as { mdxFromMarkdown: () => unknown };
    const { Parser } = require('acorn') as typeof import('acorn');
    const jsx = require('acorn-jsx') as typeof import('acorn-jsx');
    /* eslint-enable @typescript-eslint/no-require-imports */
    parser = { fromMarkdown, syntax: mdxjs(), tree: mdxFromMarkdown(), esm: Parser.extend(jsx()) as unknown as MdxParser['esm'] };
  }
  return parser;
}

/**
 * MDX trees already parsed, by the text parsed: one file's reader text is made more than once (its images are found
 * in it before it is built), and the parse is nine tenths of the cost. Kept per file by the caller, never longer.
 */
export type MdxParses = Map<string, MdxNode[]>;

/** An MDX page that cannot be parsed: where, and the parser's reason. */
export class MdxSyntaxError extends DocumentError {
  constructor(readonly offset: number, readonly reason: string) {
    super('syntax', reason);
  }
}

/**
 * The parser's cost is not linear: each parse costs about half a millisecond before its first character, and its
 * events are walked again for each level of nesting, so that a text holding 100 components takes some 30 times as
 * long as one holding 10. Regions are therefore parsed in batches of about this many characters, joined by blank lines.
 */
const BATCH_CHARS = 2000;

/**
 * The page's top-level nodes, its MDX blocks parsed and each of its other blocks one Markdown node (what MDX reads
 * there is left as it is, so only its edges count), their offsets the page's. Undefined when a block does not parse
 * or a node spans two blocks (a cut the scan got wrong, or a real syntax error): the caller parses the whole page,
 * which then says which, at the right place.
 */
export function pageChildren(text: string, blocks: readonly MdxBlock[], skeleton: boolean): MdxNode[] | undefined {
  const groups: Array<MdxNode[] | undefined> = [];
  const rest: MdxBlock[] = [];
  const restAt: number[] = [];
  const defined: string[] = [];
  for (const block of blocks) {
    if (!block.mdx) {
      groups.push([{ type: 'markdown', position: { start: { column: 1, offset: block.start }, end: { offset: block.end } } }]);
    } else if (ESM_START.test(text.slice(block.start, block.start + 7))) {
      const esm = esmNode(text, block, defined);
      if (esm === undefined) return undefined;
      groups.push([esm]);
    } else {
      // A block of whole tags and plain Markdown is read without the parser, where that is sure (mdxSkeleton.ts).
      const sure = skeleton ? sureChildren(text.slice(block.start, block.end)) : undefined;
      if (sure !== undefined) {
        groups.push(sure.map((node) => shifted(node, block.start)));
        continue;
      }
      restAt.push(groups.length);
      groups.push(undefined);
      rest.push(block);
    }
  }
  for (let first = 0; first < rest.length;) {
    let last = first;
    let size = (rest[first] as MdxBlock).end - (rest[first] as MdxBlock).start;
    while (last + 1 < rest.length && size < BATCH_CHARS) {
      last++;
      size += (rest[last] as MdxBlock).end - (rest[last] as MdxBlock).start + 2;
    }
    const batch = batchChildren(text, rest.slice(first, last + 1), skeleton);
    if (batch === undefined) return undefined;
    batch.forEach((children, k) => (groups[restAt[first + k] as number] = children));
    first = last + 1;
  }
  return (groups as MdxNode[][]).flat();
}

/** A block MDX reads as JavaScript: `import` or `export` and a space, at the start of a line. */
const ESM_START = /^(?:import|export) /;
const ESM_TYPES = new Set(['ExportAllDeclaration', 'ExportDefaultDeclaration', 'ExportNamedDeclaration', 'ImportDeclaration']);

/**
 * An `import`/`export` block read the way `micromark-extension-mdxjs-esm` reads it, without the Markdown parser
 * around it (a fifth of an MDX page's cost, for three import lines): acorn with JSX over the block, every statement
 * an import or an export, the names imported by earlier blocks declared before it (MDX refuses to import a name
 * twice). Undefined when acorn does not read it so (an error, or a block MDX reads on past its blank line).
 */
function esmNode(text: string, block: MdxBlock, defined: string[]): MdxNode | undefined {
  const value = text.slice(block.start, block.end);
  const prefix = defined.length > 0 ? `var ${defined.join(',')}\n` : '';
  let program: EsmProgram;
  try {
    program = mdxParser().esm.parse(prefix + value, { ecmaVersion: 2024, sourceType: 'module', preserveParens: true });
  } catch {
    return undefined;
  }
  const body = prefix === '' ? program.body : program.body.slice(1);
  if (!body.every((node) => ESM_TYPES.has(node.type))) return undefined;
  for (const node of body) if (node.type === 'ImportDeclaration') for (const specifier of node.specifiers ?? []) defined.push(specifier.local.name);
  return { type: 'mdxjsEsm', value, position: { start: { column: 1, offset: block.start }, end: { offset: block.end } } };
}

/** The top-level nodes of each block, the blocks parsed together joined by blank lines. */
function batchChildren(text: string, regions: readonly MdxBlock[], skeleton: boolean): MdxNode[][] | undefined {
  const starts: number[] = [];
  let joined = '';
  for (const region of regions) {
    if (starts.length > 0) joined += '\n\n';
    starts.push(joined.length);
    joined += text.slice(region.start, region.end);
  }
  let children: MdxNode[];
  try {
    // Plain Markdown inside components cut out before the parser reads the text, where that is sure (mdxSkeleton.ts).
    children = (skeleton ? skeletonChildren(joined, parse) : undefined) ?? parse(joined).children ?? [];
  } catch {
    return undefined;
  }
  const groups: MdxNode[][] = regions.map(() => []);
  let k = 0;
  for (const child of children) {
    while (k + 1 < starts.length && start(child) >= (starts[k + 1] as number)) k++;
    const region = regions[k] as MdxBlock;
    const from = starts[k] as number;
    if (start(child) < from || end(child) > from + region.end - region.start) return undefined;
    (groups[k] as MdxNode[]).push(shifted(child, region.start - from));
  }
  return groups;
}

function parse(text: string): MdxNode {
  const { fromMarkdown, syntax, tree } = mdxParser();
  return fromMarkdown(text, { extensions: [syntax], mdastExtensions: [tree] });
}

/** The whole page's tree; a syntax error is thrown with its offset. */
export function parsePage(text: string): MdxNode {
  try {
    return parse(text);
  } catch (e) {
    const error = e as { place?: Point | { start?: Point }; line?: number; column?: number; reason?: string; message?: string };
    const place = error.place && 'start' in error.place ? error.place.start : (error.place as Point | undefined);
    const offset = place?.offset ?? offsetOf(text, place?.line ?? error.line ?? 1, place?.column ?? error.column ?? 1);
    throw new MdxSyntaxError(offset, (error.reason ?? error.message ?? String(e)).replace(/\s+/g, ' ').trim());
  }
}

/** A region's node with its offsets made the page's (a region starts at a line start, so columns stay). */
function shifted(node: MdxNode, by: number): MdxNode {
  if (by === 0) return node;
  // Without recursing: the tree is not yet known to be shallow (`tooDeepNode`).
  const pending = [node];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.position?.start.offset !== undefined) next.position.start.offset += by;
    if (next.position?.end.offset !== undefined) next.position.end.offset += by;
    for (const child of next.children ?? []) pending.push(child);
  }
  return node;
}

/** The first node nested deeper than MAX_MARKUP_DEPTH (the stage below recurses per level), found without recursing. */
export function tooDeepNode(children: readonly MdxNode[]): MdxNode | undefined {
  const pending = children.map((node) => ({ node, depth: 1 })).reverse();
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.depth > MAX_MARKUP_DEPTH) return next.node;
    const kids = next.node.children ?? [];
    for (let i = kids.length - 1; i >= 0; i--) pending.push({ node: kids[i] as MdxNode, depth: next.depth + 1 });
  }
  return undefined;
}

function offsetOf(text: string, line: number, column: number): number {
  let at = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf('\n', at);
    if (next === -1) return text.length;
    at = next + 1;
  }
  return Math.min(text.length, at + Math.max(0, column - 1));
}
