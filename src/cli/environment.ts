/**
 * The environment variables the command line reads, for `--help` (and docs/command-line.md). A module of its own
 * with no heavy import: `doc-ingest --help` is answered by dist/cli.js alone, without loading the commands (issue 27).
 */
import { DEFAULT_IMAGE_MAX_MB } from '../core/ingest/imageFiles';

/** What `--prune` may delete unless told otherwise: a docs move of a few pages, not a wrong root's every page. */
export const DEFAULT_MAX_DELETE = 25;

/** Every environment variable read, with what it sets (for `--help`). */
export const ENVIRONMENT: [string, string][] = [
  ['DOC_INGEST_API_KEY', 'the API key (required to send; never read from a flag or a file)'],
  ['DOC_INGEST_BASE_URL', 'the server, including /api (--server)'],
  ['DOC_INGEST_CC_PAIR_ID', 'connector-credential pair to ingest into (--cc-pair-id)'],
  ['DOC_INGEST_INGESTION_PATH', 'the ingestion route, when the server is not found by itself (--ingestion-path)'],
  ['DOC_INGEST_SOURCE', 'the documents\' source kind (--source)'],
  ['DOC_INGEST_LINK_TEMPLATE', 'section links, e.g. https://docs.example.com/{path}#{anchor} (--link-template)'],
  ['DOC_INGEST_ID_PREFIX', 'prefix of every document id (--id-prefix)'],
  ['DOC_INGEST_INCLUDE', 'globs of the files to take, comma-separated (--include)'],
  ['DOC_INGEST_EXCLUDE', 'globs of the files to leave out, comma-separated (--exclude)'],
  ['DOC_INGEST_CONCURRENCY', 'requests in flight, 1-16 (--concurrency)'],
  ['DOC_INGEST_LEDGER', 'the ledger file (--ledger)'],
  ['DOC_INGEST_MAX_DELETE', `ingest --prune deletes at most this many documents (--max-delete; default ${DEFAULT_MAX_DELETE})`],
  ['DOC_INGEST_ROOT', 'the repository root (--root)'],
  ['DOC_INGEST_MAX_FILE_SIZE_MB', 'larger files are skipped (--max-file-size-mb)'],
  ['DOC_INGEST_TIMEOUT_SECONDS', 'per request (--timeout)'],
  ['DOC_INGEST_IMAGES_ON_PROBLEM', 'stop or skip-image (--images-on-problem)'],
  ['DOC_INGEST_MAX_DOCUMENT_CHARS', "the server's MAX_DOCUMENT_CHARS: longer documents are refused before sending (--max-document-chars; empty or 0: no check)"],
  ['DOC_INGEST_IMAGES_MAX_SIZE_MB', `larger images are a problem like a missing one (--images-max-size-mb; default ${DEFAULT_IMAGE_MAX_MB})`],
  ['HTTPS_PROXY, HTTP_PROXY', 'the proxy requests go through, http://[user:password@]host:port (lower case too)'],
  ['NO_PROXY', 'hosts reached without the proxy, comma-separated (host, .domain, host:port, *)'],
  ['NODE_EXTRA_CA_CERTS', 'a PEM file of certificate authorities to trust besides Node\'s (a private CA)'],
  ['GITHUB_ACTIONS', 'true: failures also as ::error annotations'],
  ['NO_COLOR', 'no colour and no progress bar'],
];
