/**
 * Markup nobody rendered (issue 35, item 4): syntax left in a page's built text that a reader of the site never sees
 * as such, because the generator would have turned it into something else (a tab, a box, an included file) or left
 * it out, and no rule of ours did. It is reported, never silently indexed: each kind found is a warning at its line.
 *
 * This is the one definition: the build warns with it and `npm run trial` (scripts/trial-count.mjs) counts with it,
 * through `dist/cli/markup.mjs`. Each test reads one line (outside fenced code and inline code: examples of the
 * syntax are content) and none can backtrack past a bounded stretch, so a scan is one linear pass over the text.
 */
import { forEachProseLine } from './prose';

export interface MarkupKind {
  /** Stable identifier: the trial's column, the warning's `markup` value. */
  id: string;
  /** How a writer recognises it. */
  label: string;
  /** Matches a line (inline code blanked) that carries the markup. */
  test: RegExp;
  /** A line it matches that a rule reads all the same (a heading's `{#id}`, its anchor). */
  except?: RegExp;
}

/**
 * Longest stretch a test reads inside one construct (an attribute list, a `{{ }}`), which also stops at the next
 * `{`: each character is read from one start at most, so every test is linear in the line.
 */
const SPAN = 200;

export const MARKUP_KINDS: readonly MarkupKind[] = [
  { id: 'htmlComment', label: 'HTML comment <!--', test: /<!--/ },
  { id: 'contentTabs', label: 'content tab === "', test: /^[ \t]*===[!+]?[ \t]+"/ },
  { id: 'blocks', label: '/// block', test: /^[ \t]*\/\/\// },
  { id: 'details', label: '??? details', test: /^[ \t]*\?\?\?\+?[ \t]*[A-Za-z]/ },
  {
    id: 'attrList',
    label: 'attribute list { #id .class } {: }',
    test: new RegExp(`\\{:[^{}]{0,${SPAN}}\\}|\\{[ \\t]*[#.][A-Za-z][\\w-]*(?:[ \\t][^{}]{0,${SPAN}})?\\}`),
    // `## Title {#id}`: the heading's anchor, as `markdown.ts` reads it (Docusaurus, Pandoc and kramdown do too).
    except: /^[ \t]{0,3}#{1,6}[ \t][^{}]*\{:?[ \t]*#[^\s{}#]+(?:[ \t]+[^{}]*)?[ \t]*\}[ \t]*$/,
  },
  // Any `!!!` left: `!!! note` should have become its text, and `!!!note` (no space) is what MkDocs leaves as is.
  { id: 'admonition', label: '!!! admonition (also !!!note)', test: /^[ \t]*!!!/ },
  { id: 'macro', label: '{{ }} / {% %} macro', test: new RegExp(`\\{\\{[^{]{0,${SPAN}}?\\}\\}|\\{%[^{]{0,${SPAN}}?%\\}`) },
  { id: 'mkdocstrings', label: '::: module.Obj (mkdocstrings)', test: /^[ \t]*:::[ \t]+[A-Za-z_][\w.]*[ \t]*$/ },
  { id: 'snippet', label: '--8<-- snippet', test: /--8<--/ },
  { id: 'customInclude', label: '{* ... *} include line', test: /^[ \t]*\{\*.*\*\}[ \t]*$/ },
  // A whole line of a site's own directive or template syntax: `{! file.md !}` (markdown-include), `{# note #}`,
  // `{@ x @}`: braces with the same mark inside each end, as template languages write their tags.
  { id: 'directive', label: 'directive line {! !} {# #} {@ @}', test: /^[ \t]*\{([!#@$^&+=|~])(?:.*[^\\])?\1\}[ \t]*$/ },
  { id: 'jsx', label: 'JSX tag <Tabs> <ResponseField', test: /<\/?[A-Z][A-Za-z0-9.]*(?=[\s/>]|$)/ },
  // An MDX import (`import X from '…'`, `import '…'`), not a wrapped prose line that starts with "import data from".
  { id: 'import', label: 'import line', test: /^import[ \t]+(?:[\w*{].*[ \t]from[ \t]+['"]|['"])/ },
  // `:::note`, `:::tip[Title]`, a closing `:::`; `::: name` with a space is mkdocstrings' above.
  { id: 'docusaurusFence', label: '::: admonition fence (Docusaurus)', test: /^[ \t]*:::(?:[A-Za-z[{]|[ \t]*$)/ },
];

/** One kind found in a text: where it is first, and on how many lines. */
export interface UnrenderedMarkup {
  kind: MarkupKind;
  /** Offset in the text of the start of the first line that carries it. */
  offset: number;
  lines: number;
}

/** The kinds of unrendered markup in `text` (outside code), in {@link MARKUP_KINDS} order. */
export function unrenderedMarkup(text: string): UnrenderedMarkup[] {
  const found = new Map<MarkupKind, UnrenderedMarkup>();
  // Most lines carry none of the characters any kind starts with: those are not tested at all.
  const maybe = /[<=/?{!:]|^import/;
  forEachProseLine(text, (line) => {
    if (!maybe.test(line.text)) return;
    for (const kind of MARKUP_KINDS) {
      if (!kind.test.test(line.text) || kind.except?.test(line.text)) continue;
      const seen = found.get(kind);
      if (seen) seen.lines++;
      else found.set(kind, { kind, offset: line.start, lines: 1 });
    }
  }, true);
  return MARKUP_KINDS.flatMap((k) => found.get(k) ?? []);
}

/** The ids of the kinds in `text`: what the trial counts per page. */
export function unrenderedKinds(text: string): string[] {
  return unrenderedMarkup(text).map((m) => m.kind.id);
}
