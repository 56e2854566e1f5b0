/**
 * Markup: the kinds of markup nobody rendered (`unrendered.ts`, also bundled alone as dist/cli/markup.mjs for the
 * trial), the prose lines they are looked for in (`prose.ts`), and the warnings a build gives for them. Imports
 * only `problems/`.
 */
export { MARKUP_KINDS, unrenderedKinds, unrenderedMarkup } from './unrendered';
export type { MarkupKind, UnrenderedMarkup } from './unrendered';
export { forEachProseLine } from './prose';
export type { ProseLine } from './prose';
export { DROP_PATTERNS_KEY, UNRENDERED_MARKUP, unrenderedMarkupProblems } from './warnings';
