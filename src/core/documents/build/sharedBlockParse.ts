/**
 * One block parse of a Markdown body from which its headings, links and images are all taken (issue 37): a page
 * of a batch was parsed once for the images to upload, once for the targets of its links, then once for its
 * headings and once more for its links in the build, each with a parser that kept only its own tokens.
 *
 * The parser here keeps the union of what they keep (headings' tokens, inline contents, reference definitions,
 * HTML blocks, table rows) and copies a block's text only where one of them looks (`contentsWanted`: a link's or
 * an image's mark; an ATX heading's text comes from the line itself and a setext heading's is read when complete,
 * see `markdown/blockState.ts`). Its block rules are theirs: `createBlockParser`'s, with reference definitions' destinations
 * recorded as the link finder records them. A definition's `href` is normalised as markdown-it normalises it (the
 * link finder's own parser skips that: it reads destinations from the source and never the `href`; whether a
 * definition is valid does not change, since normalising only %-encodes characters a scheme has none of).
 *
 * Each finder then parses inline contents with its own parser, against this parse's `env` (its references).
 * Only a batch shares parses (`pageParses.ts`), where most pages are parsed by three or four finders; a single
 * build parses with each finder's leaner parser, as before.
 */
import type MarkdownIt from 'markdown-it';
import { MAY_HAVE_IMAGE } from '../linksAndImages/images';
import { recordingDefinitions, SITE_TOKENS } from '../linksAndImages/inlineSites';
import { MAY_HAVE_LINK } from '../linksAndImages/linkSites';
import { createBlockParser } from '../markdown/markdown';
import type { BlockParse } from '../markdown/blockParse';

type Parser = ReturnType<typeof MarkdownIt>;

let parser: Parser | undefined;

function sharedParser(): Parser {
  // Made on first use, not at load: a run that parses no page makes none.
  if (parser === undefined) {
    const keep = new Set([...SITE_TOKENS, 'heading_open', 'heading_close']);
    parser = createBlockParser({ keep, contentsWanted: new RegExp(`${MAY_HAVE_LINK.source}|${MAY_HAVE_IMAGE.source}`, 'i') });
    recordingDefinitions(parser);
  }
  return parser;
}

export function parseBlocks(body: string): BlockParse {
  const env: Record<string, unknown> = {};
  return { body, tokens: sharedParser().parse(body, env), env };
}

