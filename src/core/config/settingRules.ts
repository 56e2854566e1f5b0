/**
 * What a configured value about documents must be, for every place it can come from: `.doc-ingest.json` (its
 * schema), the command line's flags and `DOC_INGEST_*` variables. Each rule defers to the check that would refuse
 * the value later (the request schema, the core's id prefix and link template checks), so that a value the
 * service or the build would refuse for every file is refused once, before any file is read, naming where it came
 * from.
 *
 * A rule returns the rest of a sentence about the value (“hand book” + `may only contain ...`), or undefined when
 * the value is fine; each front says where the value came from.
 */
import { isCcPairId, isSourceKind, SOURCE_KINDS } from '../api/vocabulary';
import { DocumentError } from '../documents/problems/errors';
import { normalizeIdPrefix } from '../documents/ids/ids';
import { linkTemplateProblem } from '../documents/linksAndImages/links';
import * as l10n from '@vscode/l10n';

export type SettingRule<T> = (value: T) => string | undefined;

export const idPrefixRule: SettingRule<string> = (value) => {
  try {
    normalizeIdPrefix(value);
    return undefined;
  } catch (e) {
    if (!(e instanceof DocumentError)) throw e;
    return l10n.t('is not an id prefix: use letters, digits and . _ ~ - only, such as handbook~');
  }
};

export const sourceRule: SettingRule<string> = (value) => {
  if (isSourceKind(value)) return undefined;
  const lower = value.trim().toLowerCase();
  if ((SOURCE_KINDS as readonly string[]).includes(lower)) return l10n.t('is not a source kind the service accepts: kinds are lowercase, use {0}', lower);
  return l10n.t('is not a source kind the service accepts: use a lowercase kind such as file, web or ingestion_api');
};

export const ccPairIdRule: SettingRule<number> = (value) =>
  isCcPairId(value) ? undefined : l10n.t('is not a connector-credential pair id: use a whole number of at least 1');

export const linkTemplateRule: SettingRule<string> = (value) => {
  if (value.trim() === '') return l10n.t('is no link template: give a URL such as https://docs.example.com/{path}#{anchor}');
  const problem = linkTemplateProblem(value);
  // The core's sentence starts “The link template has...”: here the value itself is the subject.
  return problem && problem.replace(/^The link template has/, 'has');
};

/** How many documents one `--prune` may delete: 0 refuses every deletion (a preview that never deletes). */
export const maxDeleteRule: SettingRule<number> = (value) =>
  Number.isSafeInteger(value) && value >= 0 ? undefined : l10n.t('is not a number of documents: use a whole number of at least 0, such as 25');

/** One include or exclude glob. */
export const globRule: SettingRule<string> = (value) =>
  value.trim() === '' ? l10n.t('is an empty glob, which matches nothing: give a glob such as docs/**/*.md') : undefined;

/** The include globs: at least one, or no file is taken. */
export const includeRule: SettingRule<readonly string[]> = (value) =>
  value.length === 0 ? l10n.t('is an empty list, which takes no file: give at least one glob such as docs/**/*.md') : undefined;

/** The server's `MAX_DOCUMENT_CHARS`: 0 (or nothing) is no check. */
export const maxDocumentCharsRule: SettingRule<number> = (value) =>
  Number.isSafeInteger(value) && value >= 0 ? undefined : l10n.t('is not a number of characters: use a whole number such as 1000000 (the server\'s MAX_DOCUMENT_CHARS), or 0 for no check');
