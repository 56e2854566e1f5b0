/**
 * `dropPatterns` (`.doc-ingest.json`, issue 35 item 4): regular expressions naming a site's own syntax; a line
 * (outside code) that one matches is left out of the text (`documents/readerText/dropLines.ts`). Checked once when
 * the configuration is read, by the rule below, and compiled again by each build (a few patterns: nothing to cache).
 */
import { DocumentError } from '../problems/errors';
import * as l10n from '@vscode/l10n';

/**
 * A quantified group that holds a quantifier itself (`(a+)+`, `(\s*x)*`): the shape whose backtracking can take
 * time exponential in a line's length. Refused, so that no pattern can make a page cost more than its lines.
 */
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*(?:[+*]|\{\d+,\})(?:[^()\\]|\\.)*\)(?:[+*]|\{\d+,)/;

/**
 * Why `pattern` cannot be a drop pattern (the rest of a sentence about it), or undefined when it can. A
 * `SettingRule` of `config/settingRules.ts` by its shape: the settings room sits above the documents, so not by name.
 */
export const dropPatternRule = (pattern: string): string | undefined => {
  let compiled: RegExp;
  try {
    compiled = new RegExp(pattern);
  } catch (e) {
    const reason = e instanceof Error ? e.message.replace(/^Invalid regular expression: /, '') : String(e);
    return l10n.t('is not a regular expression ({0}): write one in JavaScript\'s syntax, such as "^\\\\{\\\\*.*\\\\*\\\\}$", with each backslash doubled in JSON', reason);
  }
  if (compiled.test('')) return l10n.t('matches an empty line, so it would drop every blank line and paragraph break: make it match only the syntax, such as "^\\\\{\\\\*.*\\\\*\\\\}$"');
  if (NESTED_QUANTIFIER.test(pattern)) return l10n.t('repeats a group that repeats itself (such as (a+)+), which can take exponential time on a long line: repeat the group or its inside, not both');
  return undefined;
};

/**
 * The patterns compiled.
 * @throws DocumentError (`invalidOption`, key `dropPatterns`) naming the first pattern that cannot be one
 */
export function compileDropPatterns(patterns: readonly string[] | undefined): RegExp[] {
  return (patterns ?? []).map((pattern) => {
    const problem = dropPatternRule(pattern);
    if (problem !== undefined) throw new DocumentError('invalidOption', l10n.t('The drop pattern {0} {1}.', JSON.stringify(pattern), problem), { key: 'dropPatterns' });
    return new RegExp(pattern);
  });
}
