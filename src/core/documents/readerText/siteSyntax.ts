/**
 * The Markdown a docs site renders (F15), and how the reader text (`readerText/`) reads a page of it: one place, so
 * that the build and the image finder read a page alike.
 */
import type { ReaderTextOptions } from './readerText';

/**
 * `mkdocs`: Python-Markdown with the extensions MkDocs sites use (content tabs, `///` blocks, attribute lists,
 * mkdocstrings; see `readerText/`); `mkdocs-macros`: the same, and the site renders its pages as Jinja templates
 * (the mkdocs-macros plugin or a macros extension), so `{{ }}` and `{% %}` are markup, not text.
 * `docusaurus-mdx`: Docusaurus reads the page as MDX whatever its extension (`markdown.format: 'mdx'`, the v3
 * default, or front matter `format: mdx`), `.md` partials it imports too, and an HTML comment is a comment there
 * (`markdown.mdx1Compat.comments`, true by default), not an MDX syntax error. `docusaurus-md`: CommonMark, an
 * `.mdx` file too (`format: 'detect'` for `.md`, front matter `format: md`).
 */
export type SiteSyntax = 'mkdocs' | 'mkdocs-macros' | 'docusaurus-mdx' | 'docusaurus-md';

/** How the reader text reads the page at `path` of a site with `syntax` (none: by its extension, `.mdx` as MDX). */
export function readerSyntax(path: string, syntax: SiteSyntax | undefined): Pick<ReaderTextOptions, 'mdx' | 'mkdocs' | 'macros' | 'mdxMarkdown'> {
  const mdx = syntax === 'docusaurus-mdx' || (syntax !== 'docusaurus-md' && /\.mdx$/i.test(path));
  const mkdocs = syntax === 'mkdocs' || syntax === 'mkdocs-macros';
  return { mdx, mkdocs, macros: syntax === 'mkdocs-macros', ...(syntax === 'docusaurus-mdx' ? { mdxMarkdown: true } : {}) };
}
