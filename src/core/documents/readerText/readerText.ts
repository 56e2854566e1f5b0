/**
 * The reader text (F15): the body of a Markdown or MDX page (the text after its front matter) as the Markdown a
 * reader of the docs site sees, before headings and sections are found. In order:
 * 1. ignore regions are left out (`lines.ts`);
 * 2. an `.mdx` page is read as MDX: imports, exports and expressions go, components keep their text, partials are
 *    included (`mdx.ts`);
 * 3. MkDocs snippets and Obsidian/Foam embeds are replaced by the text they include (`includes.ts`);
 * 4. admonitions and callouts become their title and text (`lines.ts`), nested ones too.
 * HTML comments go from every Markdown page (`comments.ts`). A page of an MkDocs site (`mkdocs`) is read as
 * Python-Markdown with the common extensions renders it: mkdocstrings markup (and, with `macros`, mkdocs-macros markup) goes with
 * a warning (`buildTime.ts`), `///` blocks and content tabs show their titles and texts (`blocks.ts`, `lines.ts`), elements
 * with a `markdown` attribute lose their tags (`markdownInHtml.ts`) and attribute lists go, a heading's `#id`
 * becoming its anchor (`attrLists.ts`).
 * Everything else, fenced code (Mermaid and PlantUML diagrams included) above all, stays byte for byte as written.
 *
 * The result maps back to the body (`mapped.ts`): a problem found in the reader text (a broken link) is shown on
 * the line of the source it came from, and text an include put in maps to the include's line.
 *
 * Included files are given, never read here: `includes` maps root-relative paths to their texts, as
 * `core/ingest/includes.ts` read them. An included file is itself read as a page (front matter left out, its own
 * includes expanded, MDX read when it is `.mdx`), up to {@link MAX_INCLUDE_DEPTH} deep and within the page's bound
 * (`bound.ts`); each file (and part of it) is rendered once per page.
 */
import { findFrontMatter } from '../source/frontMatter';
import { findHeadings } from '../markdown/markdown';
import { isMarkdownPath, lineStarts, trimBlankLines, withoutBomLf } from '../text/text';
import { MAX_INCLUDE_DEPTH, includeCandidates, includeEdit, lineIncludes, snippetSection } from './includes';
import type { IncludeBases, IncludedFiles, IncludeReference } from './includes';
import { IncludeBoundError, IncludeBudget } from './bound';
import { admonitions, ignoreRegions } from './lines';
import type { StageProblem } from './lines';
import { MappedText } from './mapped';
import type { Edit } from './mapped';
import { mdxEdits } from './mdx';
import { MdxSyntaxError } from './mdxParse';
import type { MdxParses } from './mdxParse';
import { htmlComments } from './comments';
import { pymdownBlocks } from './blocks';
import { macroMarkup, mkdocstringsLines } from './buildTime';
import { attributeLists } from './attrLists';
import { markdownInHtml } from './markdownInHtml';
import { droppedLines } from './dropLines';
import { docusaurusHeadingIds } from './docusaurusHeadingIds';
import { headingHtml } from './headingHtml';
import * as l10n from '@vscode/l10n';

export interface ReaderTextOptions {
  /** The page's root-relative path (includes are resolved from it). */
  path: string;
  /** Read the body as MDX (an `.mdx` page). */
  mdx: boolean;
  /** Included files' texts by root-relative path; a path not in it is missing. Absent: none could be read. */
  includes?: IncludedFiles;
  /** The page belongs to an MkDocs site: read Python-Markdown's and pymdownx's syntax as the site renders it. */
  mkdocs?: boolean;
  /** With `mkdocs`: the site renders its pages as Jinja templates (mkdocs-macros), so their markup is left out. */
  macros?: boolean;
  /**
   * With `mdx`: the site reads `.md` files as MDX too (Docusaurus's `markdown.format: 'mdx'`), the partials the page
   * imports included, and an HTML comment is a comment (Docusaurus's `mdx1Compat.comments`), not a syntax error.
   */
  mdxMarkdown?: boolean;
  /** Lines (outside code) a team names as its site's own syntax: left out (`dropLines.ts`). */
  dropPatterns?: readonly RegExp[];
  /** Where the site's include extensions read from, and whether `{!path!}` is one (`includes.ts`). */
  includeBases?: IncludeBases;
  /** MDX trees of this file parsed before, to parse each text once (`mdx.ts`). */
  mdxParses?: MdxParses;
}

export interface ReaderText {
  /** The Markdown a reader sees, mapped to the body. */
  mapped: MappedText;
  /** Problems at body offsets. */
  problems: StageProblem[];
  /** Headings' explicit anchors (an attribute list's `#id`): the offset of the heading's line in the text → id. */
  headingIds?: ReadonlyMap<number, string>;
}

/** Could a Markdown (not MDX) body hold anything the reader text changes: when not, it is not read at all. */
const MAY_CHANGE = /doc-ingest:|:::|!!!|\?\?\?|\[!|8<|!\[\[|<!--|\{!|^[ ]{0,3}#{1,6}[ \t].*<[A-Za-z/]/m;

/** Passes of the admonition stage at most (each unwraps one level of nesting). */
const MAX_NESTING = 6;

/**
 * The reader text of `body`, or undefined when it is the body itself (nothing to change).
 * @throws MdxSyntaxError (offset in the body) when an MDX page cannot be parsed
 * @throws IncludeBoundError (offset in the body) when its includes pass the page's bound (`bound.ts`)
 */
export function readerText(body: string, options: ReaderTextOptions): ReaderText | undefined {
  const drop = options.dropPatterns ?? [];
  if (!options.mdx && !options.mkdocs && drop.length === 0 && !MAY_CHANGE.test(body)) return undefined;
  const result = render(body, options.path, options.mdx, { includes: options.includes, chain: [options.path], budget: new IncludeBudget(), shown: new Map(), mkdocs: options.mkdocs === true, macros: options.macros === true, mdxMarkdown: options.mdxMarkdown === true, drop, bases: options.includeBases, parses: options.mdxParses });
  return result.mapped.text === body && result.problems.length === 0 ? undefined : result;
}

interface RenderContext {
  includes: IncludedFiles | undefined;
  /** The files being rendered, outermost first: an include of one of them is a cycle. */
  chain: readonly string[];
  /** What the page's includes have taken in (`bound.ts`). */
  budget: IncludeBudget;
  /** What each include of the page showed, by file and part: each is rendered once per page. */
  shown: Map<string, IncludeOutcome>;
  /** Read as a page of an MkDocs site (the page and what it includes). */
  mkdocs: boolean;
  /** Its template markup left out (mkdocs-macros). */
  macros: boolean;
  /** `.md` files are MDX, with HTML comments (Docusaurus: `ReaderTextOptions.mdxMarkdown`). */
  mdxMarkdown: boolean;
  /** Patterns of lines to leave out, in the page and what it includes (`dropLines.ts`). */
  drop: readonly RegExp[];
  /** MDX trees parsed before (`ReaderTextOptions.mdxParses`). */
  parses: MdxParses | undefined;
  /** The site's include bases (`includes.ts`). */
  bases: IncludeBases | undefined;
}

function render(body: string, path: string, mdx: boolean, context: RenderContext): ReaderText {
  let mapped = MappedText.identity(body);
  const problems: StageProblem[] = [];
  const stage = (run: (text: string, found: StageProblem[]) => Edit[]): void => {
    const found: StageProblem[] = [];
    let edits: Edit[];
    try {
      edits = run(mapped.text, found);
    } catch (e) {
      throw e instanceof IncludeBoundError ? e.at(mapped.sourceOffset(e.offset)) : e;
    }
    for (const p of found) problems.push({ ...p, offset: mapped.sourceOffset(p.offset) });
    mapped = mapped.apply(edits);
  };
  const include = (found: StageProblem[]) => (reference: IncludeReference, offset: number): string | undefined =>
    includedText(reference, offset, path, context, found);

  stage((text, found) => {
    const regions = ignoreRegions(text);
    found.push(...regions.problems);
    return regions.edits;
  });
  // Docusaurus turns HTML comments into MDX ones before parsing (mdx1Compat.comments), and takes explicit heading
  // ids out (mdx1Compat.headingIds): kept by the offset in the source of their heading's line.
  if (mdx && context.mdxMarkdown) stage((text) => htmlComments(text));
  const explicitIds = new Map<number, string>();
  if (mdx && context.mdxMarkdown) {
    stage((text) => {
      const found = docusaurusHeadingIds(text);
      for (const [offset, id] of found.ids) explicitIds.set(mapped.sourceOffset(offset), id);
      return found.edits;
    });
  }
  // Before MDX is parsed: a site's own syntax (`{* x *}`) may not be valid MDX.
  if (context.drop.length) stage((text) => droppedLines(text, context.drop));
  if (mdx) {
    const before = mapped;
    try {
      stage((text, found) => {
        const result = mdxEdits(text, { include: include(found) }, true, true, context.parses);
        found.push(...result.problems);
        return result.edits;
      });
    } catch (e) {
      if (e instanceof MdxSyntaxError) throw new MdxSyntaxError(before.sourceOffset(e.offset), e.reason);
      throw e;
    }
  }
  // MDX refuses `<!--` itself (a syntax error, as the generator does).
  if (!mdx) stage((text) => htmlComments(text));
  if (!mdx) stage((text) => headingHtml(text));
  if (context.mkdocs) {
    stage((text, found) => {
      const strings = mkdocstringsLines(text);
      const macros = context.macros ? macroMarkup(text) : { edits: [], problems: [] };
      found.push(...strings.problems, ...macros.problems);
      return [...strings.edits, ...macros.edits];
    });
  }
  stage((text, found) => lineIncludes(text, { markdownInclude: context.bases?.markdownInclude !== undefined }).map((line) => {
    const texts = line.references.map((reference) => include(found)(reference, line.start)).filter((t): t is string => t !== undefined && t !== '');
    return includeEdit(line, texts.length === 0 ? undefined : texts.join('\n\n'), line.end > 0 && text[line.end - 1] === '\n');
  }));
  // What a snippet put in is Markdown too: a comment in an included SVG or HTML file is no text either (MDX: as above).
  if (!mdx) stage((text) => htmlComments(text));
  if (context.mkdocs) stage((text) => pymdownBlocks(text));
  for (let pass = 0; pass < MAX_NESTING; pass++) {
    const edits = admonitions(mapped.text, context.mkdocs);
    if (edits.length === 0) break;
    mapped = mapped.apply(edits);
  }
  if (!context.mkdocs) return explicitIds.size ? { mapped, problems, headingIds: idsOfLines(mapped, explicitIds) } : { mapped, problems };
  stage((text) => markdownInHtml(text));
  // Last, so that the headings' offsets found here are those of the reader text.
  const lists = attributeLists(mapped.text);
  mapped = mapped.apply(lists.edits);
  return { mapped, problems, headingIds: shiftedOffsets(lists.headingIds, lists.edits) };
}

/** The ids of the reader text's lines whose start maps to a source offset in `bySource`. */
function idsOfLines(mapped: MappedText, bySource: ReadonlyMap<number, string>): Map<number, string> {
  const result = new Map<number, string>();
  for (const start of lineStarts(mapped.text)) {
    const id = bySource.get(mapped.sourceOffset(start));
    if (id !== undefined) result.set(start, id);
  }
  return result;
}

/** Offsets of the text before `edits` → the same places after them (a heading line's offset, moved by the edits before it). */
export function shiftedOffsets(ids: ReadonlyMap<number, string>, edits: readonly Edit[]): Map<number, string> {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  const result = new Map<number, string>();
  for (const [offset, id] of ids) {
    let shift = 0;
    for (const edit of sorted) {
      if (edit.end > offset) break;
      shift += edit.text.length - (edit.end - edit.start);
    }
    result.set(offset + shift, id);
  }
  return result;
}

/** What an include shows (trimmed text, or undefined: left out), its problems and what it took in: once per page. */
interface IncludeOutcome {
  text: string | undefined;
  problems: Array<Omit<StageProblem, 'offset'>>;
  taken: number;
}

/**
 * The reader text of an included file (trimmed), or undefined with a problem at `offset`. An include shown before
 * on this page (the same file and part) is not rendered again, but counts against the page's bound again.
 * @throws IncludeBoundError at `offset` when it passes the bound
 */
function includedText(reference: IncludeReference, offset: number, from: string, context: RenderContext, problems: StageProblem[]): string | undefined {
  const warn = (code: string, message: string): undefined => {
    problems.push({ severity: 'warning', code, message, offset });
    return undefined;
  };
  const written = reference.ref;
  const { paths, outside } = includeCandidates(reference, from, context.bases);
  const found = paths.find((p) => context.includes?.has(p));
  if (found === undefined) {
    if (outside && paths.length === 0) return warn('includeOutside', l10n.t('The include “{0}” leads outside the repository, so it was left out; include a file inside the repository.', written));
    if (paths.length === 0) return undefined;
    return warn('includeMissing', l10n.t('The included file “{0}” does not exist or may not be read (looked for {1}), so it was left out; correct the path.', written, paths.join(', ')));
  }
  if (context.chain.includes(found)) {
    return warn('includeCycle', l10n.t('The include “{0}” leads back to {1}, which is already being included here (a cycle), so it was left out; remove one of the includes.', written, found));
  }
  if (context.chain.length > MAX_INCLUDE_DEPTH) {
    return warn('includeTooDeep', l10n.t('The include “{0}” is nested more than {1} includes deep, so it was left out; include the file from a shallower place.', written, MAX_INCLUDE_DEPTH));
  }
  const included = context.includes?.get(found);
  if (typeof included === 'object') throw new IncludeBoundError(offset, l10n.t('takes in {0}, which {1}', found, included.refused));
  const key = JSON.stringify([found, reference.lines, reference.section, reference.heading]);
  let outcome = context.shown.get(key);
  try {
    if (outcome) {
      context.budget.take(outcome.taken, offset);
    } else {
      const own: StageProblem[] = [];
      const { value: text, taken } = context.budget.measure(() => renderIncluded(reference, found, included ?? '', context, own));
      outcome = { text, problems: own.map(({ offset: _, ...p }) => p), taken };
      context.shown.set(key, outcome);
    }
  } catch (e) {
    throw e instanceof IncludeBoundError ? e.at(offset) : e;
  }
  for (const p of outcome.problems) problems.push({ ...p, offset });
  return outcome.text;
}

/** The reader text of the included file `found` (its text `whole`; trimmed), or undefined with a problem (offsets: 0). */
function renderIncluded(reference: IncludeReference, found: string, whole: string, context: RenderContext, problems: StageProblem[]): string | undefined {
  const warn = (code: string, message: string): undefined => {
    problems.push({ severity: 'warning', code, message, offset: 0 });
    return undefined;
  };
  const written = reference.ref;
  let raw = withoutBomLf(whole);
  // Read whole, whatever part of it is shown.
  context.budget.take(raw.length, 0);
  if (reference.lines) {
    const lines = raw.split('\n');
    raw = lines.slice(Math.max(0, reference.lines.start - 1), reference.lines.end ?? lines.length).join('\n');
  } else if (reference.section !== undefined) {
    const section = snippetSection(raw, reference.section);
    if (section === undefined) {
      return warn('includeSectionMissing', l10n.t('The snippet “{0}:{1}” names a section {2} does not mark (--8<-- [start:{3}] ... --8<-- [end:{4}]), so it was left out; correct the name or mark the section.', written, reference.section, found, reference.section, reference.section));
    }
    raw = section;
  } else {
    raw = raw.slice(findFrontMatter(raw)?.bodyOffset ?? 0);
  }
  // A snippet of code (`example.py`) is shown as it is.
  if (!isMarkdownPath(found)) return raw.replace(/\n+$/, '');
  let inner: ReaderText;
  try {
    const mdxFile = /\.mdx$/i.test(found) || (context.mdxMarkdown && /\.md$/i.test(found));
    inner = render(raw, found, mdxFile && reference.lines === undefined && reference.section === undefined, { ...context, chain: [...context.chain, found] });
  } catch (e) {
    if (!(e instanceof MdxSyntaxError)) throw e;
    const line = raw.slice(0, e.offset).split('\n').length;
    return warn('includeSyntax', l10n.t('The included file {0} cannot be read as MDX (line {1}: {2}), so it was left out; correct it.', found, line, e.reason));
  }
  for (const p of inner.problems) problems.push({ ...p, offset: 0, message: `${found}: ${p.message}` });
  let text = inner.mapped.text;
  if (reference.heading !== undefined) {
    const section = headingSection(text, reference.heading);
    if (section === undefined) {
      return warn('includeHeadingMissing', l10n.t('The embed “{0}#{1}” names a heading {2} does not have, so it was left out; use one of its headings.', written, reference.heading, found));
    }
    text = section;
  }
  return trimBlankLines(text);
}

/** The heading named (by its text or anchor, any case) and the text under it, up to the next heading as high. */
function headingSection(text: string, name: string): string | undefined {
  const wanted = name.trim().toLowerCase();
  const headings = findHeadings(text);
  const index = headings.findIndex((h) => h.text.toLowerCase() === wanted || h.anchor === wanted.replace(/\s+/g, '-'));
  const heading = headings[index];
  if (heading === undefined) return undefined;
  const next = headings.slice(index + 1).find((h) => h.level <= heading.level);
  const lines = text.split('\n');
  return lines.slice(heading.startLine, next?.startLine ?? lines.length).join('\n');
}
