/**
 * Problems: what stops a build (`DocumentError`, with its code, key and line), what a build says without stopping
 * (`DocumentProblem`), and what the real server would drop or rewrite, said before sending (`serverLimits.ts`).
 * The lowest room: it imports nothing of documents/. `problems.ts` is loaded lazily by the editor's diagnostics, so
 * only its types are re-exported here; import its functions from the file.
 */
export { DocumentError } from './errors';
export type { DocumentErrorCode, DocumentErrorDetails } from './errors';
export type { DocumentProblem, ProblemSeverity } from './problems';
export { checkForServer, codePoints, serverCharCount, serverDocumentId } from './serverLimits';
