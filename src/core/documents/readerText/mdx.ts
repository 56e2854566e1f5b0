/**
 * MDX as a reader sees it (F15): a `.mdx` page is parsed with the MDX parser of the unified ecosystem
 * (`mdast-util-from-markdown` with `micromark-extension-mdxjs` and `mdast-util-mdx`, loaded only when an MDX page
 * is built), and turned into Markdown by slicing the source at the parser's positions, so that text, code and links
 * stay byte for byte as written:
 * - `import` / `export` blocks and `{expressions}` (comments `{/* ... *\/}` included) go; an expression that is
 *   only a string literal (`{'<'}`) becomes its text;
 * - a component keeps the text inside it, unindented, as blocks of their own; its `title` or `label` attribute
 *   (`<TabItem value="linux" label="Linux">`) becomes a bold line before its text; a component without text or
 *   title goes (`<Spacer />`); `<img>` stays as written (it is an image, F8);
 * - a Docusaurus partial (a component imported from a `.md`/`.mdx` file) is replaced by that file's reader text.
 * Headings inside components stay headings, so they still make sections.
 */
import { DocumentError } from '../errors';
import type { Edit } from './mapped';
import { partialImports } from './includes';
import type { IncludeReference } from './includes';
import type { StageProblem } from './lines';
import { mdxRegions } from './mdxRegions';
import type { MdxRegion } from './mdxRegions';

interface Point {
  line: number;
  column: number;
  offset?: number;
}

interface MdxNode {
  type: string;
  name?: string | null;
  value?: string;
  attributes?: Array<{ type: string; name?: string; value?: unknown }>;
  children?: MdxNode[];
  position?: { start: Point; end: Point };
}

type FromMarkdown = (text: string, options: { extensions: unknown[]; mdastExtensions: unknown[] }) => MdxNode;

interface MdxParser {
  fromMarkdown: FromMarkdown;
  syntax: unknown;
  tree: unknown;
}

let parser: MdxParser | undefined;

/** The MDX parser, required on first use only (esbuild bundles it; nothing loads it at start-up). */
function mdxParser(): MdxParser {
  if (parser === undefined) {
    /* eslint-disable @typescript-eslint/no-require-imports */
    const { fromMarkdown } = require('mdast-util-from-markdown') as { fromMarkdown: FromMarkdown };
    const { mdxjs } = require('micromark-extension-mdxjs') as { mdxjs: () => unknown };
    const { mdxFromMarkdown } = require('mdast-util-mdx') as { mdxFromMarkdown: () => unknown };
    /* eslint-enable @typescript-eslint/no-require-imports */
    parser = { fromMarkdown, syntax: mdxjs(), tree: mdxFromMarkdown() };
  }
  return parser;
}

/** What the MDX stage needs from the reader text: the text of a partial, where it stands. */
export interface MdxContext {
  /** The reader text of the included file (trimmed), or undefined (a problem was recorded) to leave it out. */
  include(reference: IncludeReference, offset: number): string | undefined;
}

/** An MDX page that cannot be parsed: where, and the parser's reason. */
export class MdxSyntaxError extends DocumentError {
  constructor(readonly offset: number, readonly reason: string) {
    super('syntax', reason);
  }
}

/**
 * The edits that turn the MDX `text` into the Markdown a reader sees, with the problems found.
 * @throws MdxSyntaxError when the text is not valid MDX (offset into `text`)
 */
export function mdxEdits(text: string, context: MdxContext, split = true): { edits: Edit[]; problems: StageProblem[] } {
  const regions = split ? mdxRegions(text) : [{ start: 0, end: text.length, before: undefined, after: undefined }];
  const stage = new MdxStage(text, context);
  const groups = regionChildren(text, regions);
  if (groups === undefined) {
    const tree = parsePage(text);
    stage.partialsOf(tree.children ?? []);
    stage.flow(tree.children ?? [], undefined);
  } else {
    // Imports count wherever they stand on the page (MDX hoists them), so every region's are known first.
    for (const children of groups) stage.partialsOf(children);
    groups.forEach((children, i) => stage.flow(children, undefined, regions[i]));
  }
  return { edits: stage.edits, problems: stage.problems };
}

/**
 * The parser's cost is not linear: each parse costs about half a millisecond before its first character, and its
 * events are walked again for each level of nesting, so that a text holding 100 components takes some 30 times as
 * long as one holding 10. Regions are therefore parsed in batches of about this many characters, joined by blank lines.
 */
const BATCH_CHARS = 2000;

/**
 * The top-level nodes of each region, their offsets the page's. Undefined when a batch does not parse or a node spans
 * two regions (a cut the scan got wrong, or a real syntax error): the caller parses the whole page, which then says
 * which, at the right place.
 */
function regionChildren(text: string, regions: readonly MdxRegion[]): MdxNode[][] | undefined {
  const groups: MdxNode[][] = [];
  for (let first = 0; first < regions.length;) {
    let last = first;
    let size = (regions[first] as MdxRegion).end - (regions[first] as MdxRegion).start;
    while (last + 1 < regions.length && size < BATCH_CHARS) {
      last++;
      size += (regions[last] as MdxRegion).end - (regions[last] as MdxRegion).start + 2;
    }
    const batch = batchChildren(text, regions.slice(first, last + 1));
    if (batch === undefined) return undefined;
    groups.push(...batch);
    first = last + 1;
  }
  return groups;
}

function batchChildren(text: string, regions: readonly MdxRegion[]): MdxNode[][] | undefined {
  const starts: number[] = [];
  let joined = '';
  for (const region of regions) {
    if (starts.length > 0) joined += '\n\n';
    starts.push(joined.length);
    joined += text.slice(region.start, region.end);
  }
  let tree: MdxNode;
  try {
    tree = parse(joined);
  } catch {
    return undefined;
  }
  const groups: MdxNode[][] = regions.map(() => []);
  let k = 0;
  for (const child of tree.children ?? []) {
    while (k + 1 < starts.length && start(child) >= (starts[k + 1] as number)) k++;
    const region = regions[k] as MdxRegion;
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
function parsePage(text: string): MdxNode {
  try {
    return parse(text);
  } catch (e) {
    const error = e as { place?: Point | { start?: Point }; line?: number; column?: number; reason?: string; message?: string };
    const place = error.place && 'line' in error.place ? error.place : error.place?.start;
    const offset = place?.offset ?? offsetOf(text, place?.line ?? error.line ?? 1, place?.column ?? error.column ?? 1);
    throw new MdxSyntaxError(offset, (error.reason ?? error.message ?? String(e)).replace(/\s+/g, ' ').trim());
  }
}

/** A region's node with its offsets made the page's (a region starts at a line start, so columns stay). */
function shifted(node: MdxNode, by: number): MdxNode {
  if (by !== 0 && node.position) {
    if (node.position.start.offset !== undefined) node.position.start.offset += by;
    if (node.position.end.offset !== undefined) node.position.end.offset += by;
  }
  for (const child of node.children ?? []) shifted(child, by);
  return node;
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

const start = (node: MdxNode): number => node.position?.start.offset ?? 0;
const end = (node: MdxNode): number => node.position?.end.offset ?? 0;

class MdxStage {
  readonly edits: Edit[] = [];
  readonly problems: StageProblem[] = [];
  private partials = new Map<string, IncludeReference>();
  /** Partial texts by node start, computed once (emptiness is asked before the edits are made). */
  private readonly included = new Map<number, string | undefined>();

  constructor(private readonly text: string, private readonly context: MdxContext) {}

  /** The partials top-level imports name (`import Setup from './_setup.mdx'`). */
  partialsOf(children: readonly MdxNode[]): void {
    for (const child of children) {
      if (child.type === 'mdxjsEsm') for (const [name, reference] of partialImports(child.value ?? '')) this.partials.set(name, reference);
    }
  }

  /**
   * A list of flow (block) children. `parent` undefined: the root or a Markdown container (list item, quote), whose
   * blank lines stay as written; a component: its children become blocks separated by one blank line.
   */
  flow(children: readonly MdxNode[], parent: MdxNode | undefined, bounds?: Pick<MdxRegion, 'before' | 'after'>): void {
    const kept = children.filter((c) => !this.empty(c));
    if (parent === undefined) {
      // Runs of removed children go with the blank lines after them (before them, at the end); a region's first
      // and last children have the blocks around the region as neighbours.
      for (let i = 0; i < children.length; i++) {
        const child = children[i] as MdxNode;
        if (kept.includes(child)) continue;
        let last = i;
        while (last + 1 < children.length && !kept.includes(children[last + 1] as MdxNode)) last++;
        const next = children[last + 1];
        const previous = children[i - 1];
        const nextStart = next !== undefined ? start(next) : bounds?.after;
        const previousEnd = previous !== undefined ? end(previous) : bounds?.before;
        if (nextStart !== undefined) this.edits.push({ start: start(child), end: nextStart, text: '' });
        else if (previousEnd !== undefined) this.edits.push({ start: previousEnd, end: end(children[last] as MdxNode), text: '' });
        else this.edits.push({ start: start(child), end: end(children[last] as MdxNode), text: '' });
        i = last;
      }
      for (const child of kept) this.block(child, undefined);
      return;
    }
    for (let i = 0; i + 1 < kept.length; i++) {
      this.edits.push({ start: end(kept[i] as MdxNode), end: start(kept[i + 1] as MdxNode), text: '\n\n' });
    }
    for (const child of kept) this.block(child, parent);
  }

  /** A kept flow node; inside a component its lines lose the component's indentation. */
  private block(node: MdxNode, parent: MdxNode | undefined): void {
    if (node.type === 'mdxJsxFlowElement') {
      this.element(node, true);
      return;
    }
    if (parent !== undefined) this.dedent(node);
    this.inner(node);
  }

  /** The lines after the first of a block inside a component lose up to its column's worth of indentation. */
  private dedent(node: MdxNode): void {
    const indent = (node.position?.start.column ?? 1) - 1;
    if (indent <= 0) return;
    const to = end(node);
    for (let at = this.text.indexOf('\n', start(node)); at !== -1 && at < to; at = this.text.indexOf('\n', at + 1)) {
      let n = 0;
      while (n < indent && (this.text[at + 1 + n] === ' ' || this.text[at + 1 + n] === '\t')) n++;
      if (n > 0) this.edits.push({ start: at + 1, end: at + 1 + n, text: '' });
    }
  }

  /** The children of a Markdown node: flow containers hold blocks, the others phrasing. */
  private inner(node: MdxNode): void {
    const children = node.children;
    if (!children || children.length === 0) return;
    if (node.type === 'list' || node.type === 'listItem' || node.type === 'blockquote') {
      this.flow(children, undefined);
      return;
    }
    for (const child of children) this.phrasing(child);
  }

  private phrasing(node: MdxNode): void {
    switch (node.type) {
      case 'mdxTextExpression': {
        const literal = stringLiteral(node.value ?? '');
        this.edits.push({ start: start(node), end: end(node), text: literal ?? '' });
        return;
      }
      case 'mdxJsxTextElement':
        this.element(node, false);
        return;
      default:
        for (const child of node.children ?? []) this.phrasing(child);
    }
  }

  /** Whether a node shows nothing to a reader. */
  private empty(node: MdxNode): boolean {
    switch (node.type) {
      case 'mdxjsEsm':
        return true;
      case 'mdxFlowExpression':
        return stringLiteral(node.value ?? '') === undefined;
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement': {
        if (node.name === 'img') return false;
        const partial = node.name ? this.partials.get(node.name) : undefined;
        if (partial) return (this.partialText(node, partial) ?? '') === '';
        if (label(node) !== undefined) return false;
        return (node.children ?? []).every((c) => this.empty(c));
      }
      default:
        return false;
    }
  }

  private partialText(node: MdxNode, reference: IncludeReference): string | undefined {
    const at = start(node);
    if (!this.included.has(at)) this.included.set(at, this.context.include(reference, at));
    return this.included.get(at);
  }

  /** A kept component: its text, after its title; a partial: the partial's text. */
  private element(node: MdxNode, flow: boolean): void {
    if (node.name === 'img') return;
    const reference = node.name ? this.partials.get(node.name) : undefined;
    if (reference) {
      this.edits.push({ start: start(node), end: end(node), text: this.partialText(node, reference) ?? '' });
      return;
    }
    const title = label(node);
    const titleText = title === undefined ? '' : `**${title.replace(/\*/g, '\\*')}**`;
    const children = node.children ?? [];
    const kept = children.filter((c) => !this.empty(c));
    const first = kept[0];
    const last = kept[kept.length - 1];
    if (first === undefined || last === undefined) {
      this.edits.push({ start: start(node), end: end(node), text: titleText });
      return;
    }
    this.edits.push({ start: start(node), end: start(first), text: titleText === '' ? '' : flow ? `${titleText}\n\n` : `${titleText} ` });
    this.edits.push({ start: end(last), end: end(node), text: '' });
    if (flow) {
      this.flow(children, node);
      return;
    }
    for (let i = 0; i + 1 < kept.length; i++) {
      // Removed inline children between kept ones.
      const between = children.slice(children.indexOf(kept[i] as MdxNode) + 1, children.indexOf(kept[i + 1] as MdxNode));
      for (const gone of between) this.edits.push({ start: start(gone), end: end(gone), text: '' });
    }
    for (const child of kept) this.phrasing(child);
  }
}

/** A component's title as a reader sees it: its `title` or `label` attribute (string values only). */
function label(node: MdxNode): string | undefined {
  for (const name of ['title', 'label']) {
    const attribute = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
    if (typeof attribute?.value === 'string' && attribute.value.trim() !== '') return attribute.value.trim();
  }
  return undefined;
}

/** The text of an expression that is only a string literal (`'<'`, `"{"`), else undefined. */
function stringLiteral(expression: string): string | undefined {
  const match = /^\s*(["'])((?:(?!\1)[^\\\n]|\\.)*)\1\s*$/.exec(expression);
  if (!match) return undefined;
  return (match[2] ?? '').replace(/\\(.)/g, '$1');
}
