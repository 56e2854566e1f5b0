/**
 * Exit codes by failure kind, so that a pipeline can tell "fix the docs" from "fix the secret" from "the server is
 * down" without parsing text. Documented in `--help` and docs/command-line.md ("Exit codes").
 */
import type { ErrorKind } from '../core/api/errors';

export const EXIT = {
  ok: 0,
  /** Some files failed (or, for `status`, some files failed processing or are unknown; for `--prune`, a delete). */
  someFailed: 1,
  /** Usage or configuration error: nothing was sent. */
  usage: 2,
  /** The key is missing, refused, or may not do this. */
  auth: 3,
  /** The server is unreachable or not answering, is not the API, or lacks the route. */
  server: 4,
  /**
   * `ingest --prune` would delete more than `--max-delete` documents, or more than half of what the pair holds:
   * every file was sent, nothing was deleted. Its own code, so a pipeline can ask a person instead of failing the docs.
   */
  pruneRefused: 5,
  /**
   * `findable`: some questions do not find their page (or the section they name) in the top K. Its own code, so a
   * pipeline can tell "the docs answer badly" from "a file failed".
   */
  notFindable: 6,
  /** Ctrl+C (SIGINT) or SIGTERM: stopped; what was and was not sent is printed. */
  interrupted: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export const EXIT_CODE_HELP = `Exit codes:
  0    all files ok (created, updated, unchanged or skipped on purpose); with --prune, every orphan deleted
  1    some files failed; the others were sent (or, with --prune, a delete failed or its outcome is unknown)
  2    usage or configuration error; nothing was sent
  3    authentication or permission: the key is missing, refused, or may not do this
  4    server unreachable or not answering (requests time out; a proxy refuses; a certificate is not trusted),
       not the API (a web page, a redirect), or the ingestion route is missing
  5    ingest --prune refused to delete that many documents (over --max-delete, or more than half the pair);
       every file was sent, nothing was deleted
  6    findable, ingest --findable: some questions do not find their page (or the section they name) in the top K
  130  interrupted (Ctrl+C): new requests stop, those in flight are aborted, what was sent is reported`;

/** The exit code of an error that stopped everything (a batch stop, a failed check). */
export function exitCodeOf(kind: ErrorKind | 'document' | 'image' | undefined, setting?: string): ExitCode {
  switch (kind) {
    case 'auth':
    case 'permission':
      return EXIT.auth;
    case 'network':
    case 'timeout':
    case 'wrong-server':
    case 'unexpected-response':
    case 'server':
      return EXIT.server;
    case 'not-found':
      // A missing route is the wrong server (or path); a missing pair is the configuration.
      return setting === 'ccPairId' ? EXIT.usage : EXIT.server;
    case 'cancelled':
      return EXIT.interrupted;
    default:
      return EXIT.someFailed;
  }
}
