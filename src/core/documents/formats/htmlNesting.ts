/**
 * How deep an HTML page's elements nest, found by a scan of its tags before it is parsed (`html.ts`): the parser and
 * the conversion to Markdown recurse per level. The scan keeps a stack of open elements as the parser would for
 * usual markup: void elements open nothing; an end tag closes up to the element it names (nothing when none is
 * open); an element whose end tag may be left out (`p`, `li`, `td`...) is closed by the next of its kind in the same
 * container, and an open `p` by the next element. Text inside comments, scripts, styles and text areas is no markup.
 */
import { MAX_MARKUP_DEPTH } from '../text/nesting';

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr', 'param', 'keygen', 'frame', 'basefont', 'bgsound', 'image', 'html', 'head', 'body']);
/** Elements whose end tag may be left out, and those of their kind whose start closes them. */
const CLOSED_BY: Record<string, readonly string[]> = {
  li: ['li'], dt: ['dt', 'dd'], dd: ['dt', 'dd'], option: ['option', 'optgroup'], optgroup: ['optgroup'],
  tr: ['tr'], td: ['td', 'th'], th: ['td', 'th'], thead: ['tbody', 'tfoot'], tbody: ['tbody', 'tfoot'], tfoot: ['tbody'],
  colgroup: ['colgroup'], caption: [], rb: ['rb', 'rt', 'rtc', 'rp'], rt: ['rb', 'rt', 'rtc', 'rp'], rtc: ['rb', 'rtc', 'rp'], rp: ['rb', 'rt', 'rtc', 'rp'],
};
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);

const TAG = /<!--[\s\S]*?(?:-->|$)|<(\/?)([A-Za-z][A-Za-z0-9:-]*)\b[^>]*>/g;

export interface HtmlNesting {
  /** The offset of the first element nested deeper than the bound, if any. */
  tooDeep?: number;
  /** The offset of the most deeply nested element (0 without elements). */
  deepest: number;
}

export function htmlNesting(html: string, max = MAX_MARKUP_DEPTH): HtmlNesting {
  const open: string[] = [];
  const result: HtmlNesting = { deepest: 0 };
  let most = 0;
  const tag = new RegExp(TAG);
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    const name = match[2]?.toLowerCase();
    if (name === undefined || VOID.has(name)) continue;
    if (match[1] === '/') {
      const at = open.lastIndexOf(name);
      if (at >= 0) open.length = at;
      continue;
    }
    if (RAW_TEXT.has(name)) {
      const end = new RegExp(`</${name}`, 'gi');
      end.lastIndex = tag.lastIndex;
      tag.lastIndex = end.exec(html)?.index ?? html.length;
      continue;
    }
    if (open[open.length - 1] === 'p') open.pop();
    // Close an open one of its kind in the same container (the run of elements with optional end tags on top).
    for (let i = open.length - 1; i >= 0 && (open[i] as string) in CLOSED_BY; i--) {
      if (CLOSED_BY[open[i] as string]?.includes(name)) {
        open.length = i;
        break;
      }
    }
    open.push(name);
    if (open.length > most) {
      most = open.length;
      result.deepest = match.index;
    }
    if (open.length > max && result.tooDeep === undefined) {
      result.tooDeep = match.index;
      break;
    }
  }
  return result;
}
