/** The flags of each command, for `util.parseArgs`, and their lines in `--help`. */
import type { ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

export const COMMON: Options = {
  server: { type: 'string' },
  'cc-pair-id': { type: 'string' },
  'ingestion-path': { type: 'string' },
  root: { type: 'string' },
  config: { type: 'string' },
  timeout: { type: 'string' },
  json: { type: 'boolean' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

export const COMMON_HELP = `  --server URL           the server, including /api (DOC_INGEST_BASE_URL)
  --cc-pair-id N         connector-credential pair (DOC_INGEST_CC_PAIR_ID; default: the server's)
  --ingestion-path P     the ingestion route, if the server's is not found by itself
  --root DIR             the repository root (default: the folder of .doc-ingest.json, else git's root)
  --config FILE          a .doc-ingest.json elsewhere than in the root
  --timeout SECONDS      per request (default 300: the real server indexes inside the request)
  --json                 one JSON report on stdout instead of text
  --verbose              say on stderr which proxy requests go through (HTTPS_PROXY, NO_PROXY) and which
                         certificates are trusted (NODE_EXTRA_CA_CERTS)
  -h, --help             this help`;

export const DOCUMENT: Options = {
  source: { type: 'string' },
  'link-template': { type: 'string' },
  'id-prefix': { type: 'string' },
  ledger: { type: 'string' },
  'images-on-problem': { type: 'string' },
  'images-max-size-mb': { type: 'string' },
  'max-document-chars': { type: 'string' },
  'no-provenance': { type: 'boolean' },
};

export const DOCUMENT_HELP = `  --link-template URL    section links, e.g. https://docs.example.com/{path}#{anchor}
  --id-prefix P          prefix of every document id
  --source KIND          the documents' source kind (default file)
  --images-on-problem M  stop (default: a file with a missing image is not sent) or skip-image
  --images-max-size-mb N larger images are a problem like a missing one (default 20)
  --max-document-chars N the server's MAX_DOCUMENT_CHARS: longer documents are refused before sending, since
                         the server would drop them while answering success (default: no check)
  --ledger FILE          what was sent where (default .doc-ingest/ledger.json in the root)
  --no-provenance        leave source_path, repository, commit and edit_url out of the metadata`;

export const INGEST: Options = {
  ...COMMON,
  ...DOCUMENT,
  include: { type: 'string', multiple: true },
  exclude: { type: 'string', multiple: true },
  changed: { type: 'boolean' },
  concurrency: { type: 'string' },
  'dry-run': { type: 'boolean' },
  force: { type: 'boolean' },
  'max-file-size-mb': { type: 'string' },
  all: { type: 'boolean' },
  prune: { type: 'boolean' },
  'max-delete': { type: 'string' },
  findable: { type: 'boolean' },
  top: { type: 'string' },
};
