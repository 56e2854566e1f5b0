/**
 * MDX as a reader sees it (F15): a `.mdx` page is parsed with the MDX parser of the unified ecosystem
 * (`mdast-util-from-markdown` with `micromark-extension-mdxjs` and `mdast-util-mdx`, loaded only when an MDX page
 * is built), and turned into Markdown by slicing the source at the parser's positions, so that text, code and links
 * stay byte for byte as written:
 * - `import` / `export` blocks and `{expressions}` (comments `{/* ... *\/}` included) go; an expression that is
 *   only a string literal (`{'<'}`) becomes its text;
 * - a component keeps the text inside it, unindented, as blocks of their own, with the attributes a reader sees
 *   (`componentText.ts`: a `title` or `label` as a bold line before its text, a field's name and type, a caption
 *   after it); a component without text or such attributes goes (`<Spacer />`); `<img>` stays as written (it is
 *   an image, F8);
 * - a Docusaurus partial (a component imported from a `.md`/`.mdx` file) is replaced by that file's reader text.
 * Headings inside components stay headings, so they still make sections. A page nesting deeper than
 * `MAX_MARKUP_DEPTH` is a syntax error where it gets that deep (the stage recurses per level).
 */
import { nestedTooDeep } from '../text/nesting';
import type { Edit } from './mapped';
import { partialImports } from './includes';
import type { IncludeReference } from './includes';
import type { StageProblem } from './lines';
import { mdxBlocks } from './mdxRegions';
import { shownText } from './componentText';
import { column, end, start } from './mdxNode';
import type { MdxNode } from './mdxNode';
import { MdxSyntaxError, pageChildren, parsePage, tooDeepNode } from './mdxParse';
import type { MdxParses } from './mdxParse';

/** What the MDX stage needs from the reader text: the text of a partial, where it stands. */
export interface MdxContext {
  /** The reader text of the included file (trimmed), or undefined (a problem was recorded) to leave it out. */
  include(reference: IncludeReference, offset: number): string | undefined;
}

/**
 * The edits that turn the MDX `text` into the Markdown a reader sees, with the problems found.
 * @throws MdxSyntaxError when the text is not valid MDX (offset into `text`)
 */
export function mdxEdits(text: string, context: MdxContext, split = true, skeleton = true, parses?: MdxParses): { edits: Edit[]; problems: StageProblem[] } {
  let children = parses?.get(text);
  if (children === undefined) {
    children = (split ? pageChildren(text, mdxBlocks(text), skeleton) : undefined) ?? parsePage(text).children ?? [];
    parses?.set(text, children);
  }
  const deep = tooDeepNode(children);
  if (deep !== undefined) throw new MdxSyntaxError(start(deep), nestedTooDeep());
  const stage = new MdxStage(text, context);
  // Imports count wherever they stand on the page (MDX hoists them), so all are known first.
  stage.partialsOf(children);
  stage.flow(children, undefined);
  return { edits: stage.edits, problems: stage.problems };
}

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
  flow(children: readonly MdxNode[], parent: MdxNode | undefined, base = 0): void {
    const kept = children.filter((c) => !this.empty(c));
    if (parent === undefined) {
      // Runs of removed children go with the blank lines after them (before them, at the end of the page).
      const keep = new Set(kept);
      for (let i = 0; i < children.length; i++) {
        const child = children[i] as MdxNode;
        if (keep.has(child)) continue;
        let last = i;
        while (last + 1 < children.length && !keep.has(children[last + 1] as MdxNode)) last++;
        const next = children[last + 1];
        const previous = children[i - 1];
        if (next !== undefined) this.edits.push({ start: start(child), end: start(next), text: '' });
        else if (previous !== undefined) this.edits.push({ start: end(previous), end: end(children[last] as MdxNode), text: '' });
        else this.edits.push({ start: start(child), end: end(children[last] as MdxNode), text: '' });
        i = last;
      }
      for (const child of kept) this.block(child, undefined, 0);
      return;
    }
    for (let i = 0; i + 1 < kept.length; i++) {
      this.edits.push({ start: end(kept[i] as MdxNode), end: start(kept[i + 1] as MdxNode), text: `\n\n${' '.repeat(base)}` });
    }
    for (const child of kept) this.block(child, parent, base);
  }

  /**
   * A kept flow node; inside a component its lines lose the component's indentation. `base`: the indentation that
   * stays, that of the outermost component where it stands in Markdown (in a list item, the item's).
   */
  private block(node: MdxNode, parent: MdxNode | undefined, base: number): void {
    if (node.type === 'mdxJsxFlowElement') {
      this.element(node, true, parent === undefined, parent === undefined ? column(node) - 1 : base);
      return;
    }
    if (parent !== undefined) this.dedent(node, base);
    this.inner(node);
  }

  /**
   * The lines after the first of a block inside a component lose its indentation beyond `base`, so that they stand
   * where its first line lands (a code block in a component in a list item stays in the item).
   */
  private dedent(node: MdxNode, base: number): void {
    const indent = column(node) - 1 - base;
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
        const shown = shownText(node.name, node.attributes);
        if (shown.before.length > 0 || shown.after.length > 0) return false;
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
  private element(node: MdxNode, flow: boolean, asWritten = false, base = column(node) - 1): void {
    if (node.name === 'img') {
      const tag = plainImg(node);
      if (tag !== undefined) this.edits.push({ start: start(node), end: end(node), text: tag });
      return;
    }
    const reference = node.name ? this.partials.get(node.name) : undefined;
    if (reference) {
      this.edits.push({ start: start(node), end: end(node), text: this.partialText(node, reference) ?? '' });
      return;
    }
    // What the component shows besides its children (its title, a field's name and type, a caption): the table of
    // docs/sites.md#mdx-admonitions-and-includes.
    const shown = shownText(node.name, node.attributes);
    // Blocks of a component in a list item keep the item's indentation.
    const pad = ' '.repeat(base);
    const before = shown.before.join(flow ? `\n\n${pad}` : ' ');
    const after = shown.after.length === 0 ? '' : flow ? shown.after.join(': ') : `(${shown.after.join(': ')})`;
    const children = node.children ?? [];
    const kept = children.filter((c) => !this.empty(c));
    const first = kept[0];
    const last = kept[kept.length - 1];
    // Where blank lines stay as written, a component closed on the line before the next block would run its last
    // paragraph into that block: the block is kept apart, as it renders.
    const apart = asWritten && this.text[end(node)] === '\n' && /^\n[ \t]*\S/.test(this.text.slice(end(node), end(node) + 200)) ? '\n' : '';
    if (first === undefined || last === undefined) {
      this.edits.push({ start: start(node), end: end(node), text: `${[before, after].filter((t) => t !== '').join(flow ? `\n\n${pad}` : ' ')}${apart}` });
      return;
    }
    this.edits.push({ start: start(node), end: start(first), text: before === '' ? '' : flow ? `${before}\n\n${pad}` : `${before} ` });
    this.edits.push({ start: end(last), end: end(node), text: `${after === '' ? '' : flow ? `\n\n${pad}${after}` : ` ${after}`}${apart}` });
    if (flow) {
      this.flow(children, node, base);
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

/**
 * An `<img>` whose attributes include JavaScript (`style={{ width: 268 }}`, `className={x}`) as the same tag with
 * only its string attributes: the browser shows the image, never the code, and the image stage reads `src` and
 * `alt`. Undefined (kept as written) when every attribute is a string, or when `src` itself is an expression (a
 * templated path is no image).
 */
function plainImg(node: MdxNode): string | undefined {
  const attributes = node.attributes ?? [];
  const src = attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'src');
  if (typeof src?.value !== 'string' || attributes.every((a) => a.type === 'mdxJsxAttribute' && (typeof a.value === 'string' || a.value === null))) return undefined;
  const kept = attributes.filter((a): a is { type: string; name: string; value: string } => a.type === 'mdxJsxAttribute' && typeof a.name === 'string' && typeof a.value === 'string');
  return `<img ${kept.map((a) => `${a.name}="${a.value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`).join(' ')} />`;
}

/** The text of an expression that is only a string literal (`'<'`, `"{"`), else undefined. */
function stringLiteral(expression: string): string | undefined {
  const match = /^\s*(["'])((?:(?!\1)[^\\\n]|\\.)*)\1\s*$/.exec(expression);
  if (!match) return undefined;
  return (match[2] ?? '').replace(/\\(.)/g, '$1');
}
