/**
 * The shape of a Markdown body's one shared block parse (issue 37: `build/sharedBlockParse.ts` makes it), for the
 * finders that read headings, links and images to take a parse made once instead of parsing the body again.
 */
import type MarkdownIt from 'markdown-it';

type Token = MarkdownIt.Token;

/** A body's block tokens as the shared parser keeps them, and the `env` its reference definitions went into. */
export interface BlockParse {
  readonly body: string;
  readonly tokens: readonly Token[];
  readonly env: Record<string, unknown>;
}

/** Makes (or gives back) the block parse of a body: `(body) => parseBlocks(body)`, or a cache of them. */
export type BlockParses = (body: string) => BlockParse;

/** The parse of `body` from `parses`, checked to be of that very text (a parse of another text would misplace everything). */
export function blocksOf(parses: BlockParses, body: string): BlockParse {
  const blocks = parses(body);
  if (blocks.body !== body) throw new Error('a block parse of another text was given');
  return blocks;
}
