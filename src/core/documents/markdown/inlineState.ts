/**
 * A faster inline state for parsers that look for link and image sites in many paragraphs.
 *
 * Speed, never difference, as `blockState.ts`: markdown-it 15's Token constructor sets each field through a
 * transpiled `defineProperty` helper, which was most of the cost of parsing the inline content of a large file's
 * linked paragraphs. Tokens are made as plain objects on Token's prototype instead (`plainTokenMaker`). The same
 * pushes through the stock and the fast State are compared at start-up, and the stock State stays in place on any
 * difference (a future markdown-it).
 */
import type MarkdownIt from 'markdown-it';
import { fields, plainTokenMaker } from './blockState';

type Parser = ReturnType<typeof MarkdownIt>;
type Token = MarkdownIt.Token;
type StateInline = InstanceType<Parser['inline']['State']>;

/** Installs the faster inline State on `md`. */
export function useFastInlineState(md: Parser): void {
  const Base = md.inline.State;
  let make: ReturnType<typeof plainTokenMaker>;
  try {
    make = plainTokenMaker(new Base('', md, {}, []).Token);
  } catch {
    return;
  }
  if (make === undefined) return;
  const makeToken = make;

  // What the stock State's pushPending and push do, with the token made plainly.
  class FastStateInline extends Base {
    override pushPending(): Token {
      const token = makeToken('text', '', 0);
      token.content = this.pending;
      token.level = this.pendingLevel;
      this.tokens.push(token);
      this.pending = '';
      return token;
    }

    override push(type: string, tag: string, nesting: Token['nesting']): Token {
      if (this.pending) this.pushPending();
      const token = makeToken(type, tag, nesting);
      let tokenMeta: { delimiters: StateInline['delimiters'] } | undefined;
      if (nesting < 0) {
        this.level--;
        this.delimiters = this._prev_delimiters.pop() as StateInline['delimiters'];
      }
      token.level = this.level;
      if (nesting > 0) {
        this.level++;
        this._prev_delimiters.push(this.delimiters);
        this.delimiters = [];
        tokenMeta = { delimiters: this.delimiters };
      }
      this.pendingLevel = this.level;
      this.tokens.push(token);
      this.tokens_meta.push(tokenMeta as StateInline['tokens_meta'][number]);
      return token;
    }
  }

  const pushes = (state: StateInline): string => {
    state.pending = 'text ';
    const made = [state.push('link_open', 'a', 1), state.push('text', '', 0)];
    state.pending = 'inner';
    made.push(state.push('link_close', 'a', -1));
    state.pending = ' after';
    made.push(state.pushPending());
    return fields({ made: made.map(fields), meta: state.tokens_meta, level: state.level, pendingLevel: state.pendingLevel, delimiters: state.delimiters, previous: state._prev_delimiters });
  };
  try {
    if (pushes(new Base('', md, {}, [])) !== pushes(new FastStateInline('', md, {}, []))) return;
  } catch {
    return;
  }
  md.inline.State = FastStateInline;
}
