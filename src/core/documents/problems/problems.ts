/**
 * Problems found while building a document, in one shape for every front: the extension shows them as
 * diagnostics on the source file (F11), a command line prints them with their line.
 */
import type { DocumentError } from './errors';

export type ProblemSeverity = 'error' | 'warning' | 'info';

export interface DocumentProblem {
  /** One user-facing sentence. */
  message: string;
  /** `error`: the document cannot be built; `warning`: something was left out or changed; `info`: worth knowing. */
  severity: ProblemSeverity;
  /** 1-based line in the whole file (front matter lines included), when the problem has a place. */
  line?: number;
  /** The front matter key or option the problem is about. */
  key?: string;
  /**
   * Stable identifier for the kind of problem: a {@link DocumentError} code for errors, else one of
   * `unclosedFrontMatter`, `tomlFrontMatter`, `yamlWarning`, `keyNotText`, `metadataSkipped`, `noHeadings`,
   * `idChanged`, `linkTargetMissing`, `linkAnchorMissing`, and of the reader text (F15) `ignoreUnclosed`,
   * `includeMissing`, `includeOutside`, `includeCycle`, `includeTooDeep`, `includeHeadingMissing`,
   * `includeSectionMissing`, `includeSyntax`; of what is never
   * published (F15) `notPublished` (info: a draft...), `serverWouldDrop` (over `maxDocumentChars`), `empty` (no text
   * the service can index), `idRewritten`; `metadataLarge`; `unrenderedMarkup` (issue 35: markup readers never see,
   * its kind in `markup`).
   */
  code: string;
  /** For `unrenderedMarkup`: the kind's id (`markup/unrendered.ts` `MARKUP_KINDS`). */
  markup?: string;
}

/** A problem with only the fields that are known (no `line: undefined` in the object). */
export function problem(
  severity: ProblemSeverity,
  code: string,
  message: string,
  place: { line?: number | undefined; key?: string | undefined } = {},
): DocumentProblem {
  const result: DocumentProblem = { message, severity, code };
  if (place.line !== undefined) result.line = place.line;
  if (place.key !== undefined) result.key = place.key;
  return result;
}

/** A build failure as problems, so that a caller can show it where the file's other problems go. */
export function problemsOf(error: DocumentError): DocumentProblem[] {
  // A page its front matter keeps from being published is not wrong: it is said, not flagged.
  const severity = error.code === 'notPublished' ? 'info' : 'error';
  return [problem(severity, error.code, error.message, { line: error.line, key: error.key })];
}

/**
 * The `warnings` of a build result: the messages of its warnings (and errors). `info` problems are left out:
 * they say how the file was read, not that something is wrong.
 */
export function warningMessages(problems: readonly DocumentProblem[]): string[] {
  return problems.filter((p) => p.severity !== 'info').map((p) => p.message);
}
