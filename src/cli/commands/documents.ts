import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { DocumentInfo } from '../../core/api';
import { collectClaims, nodeFileAccess } from '../../core/batch';
import type { IdClaims } from '../../core/identity';
import { ledgerScope } from '../../core/ledger';
import type { Ledger } from '../../core/ledger';
import { resolveConfig } from '../config';
import { EXIT } from '../exitCodes';
import { listFiles } from '../files';
import { COMMON, COMMON_HELP, DOCUMENT } from '../options';
import { parse } from '../parse';
import { DEFAULT_CC_PAIR_ID } from '../../core/config/defaults';
import { openLedger, openSession } from '../session';
import { UsageError } from '../usageError';
import type { Command } from './command';

/** One row: what the pair holds, and the file of this repository it comes from (null: none here). */
export interface DocumentRow {
  documentId: string;
  title: string;
  link: string | null;
  path: string | null;
}

const NOT_HERE = 'not in this workspace';

export const documents: Command = {
  name: 'documents',
  help: `Usage: doc-ingest documents [options]

Lists the documents the connector-credential pair holds (one request), with title, id and link, and the file of
this repository each comes from: the included file that builds its id, else the file the ledger records sending
it from, when that is still there; otherwise "${NOT_HERE}" (another team's, a connector's, or an orphan:
see doc-ingest ingest --prune). The pair is --cc-pair-id, else the server's default pair (${DEFAULT_CC_PAIR_ID}).

Options:
  --include GLOB         files to match against (repeatable; default from .doc-ingest.json)
  --exclude GLOB         files to leave out (repeatable)
  --id-prefix P          prefix of every document id, as ingest builds them
  --ledger FILE          what was sent where (default .doc-ingest/ledger.json in the root)
  --json                 a JSON array of {documentId, title, link, path} instead of a table (link, path: null when none)
${COMMON_HELP.split('\n').filter((l) => !l.startsWith('  --json')).join('\n')}

Exit codes: 0 listed; 2 usage or configuration (no server or key); 3 the key may not list the pair's documents,
or the pair does not exist; 4 the server is unreachable, not the API, or cannot list documents.
`,
  async run(args, io) {
    const { values, positionals } = parse('documents', args, {
      ...COMMON,
      'id-prefix': DOCUMENT['id-prefix']!,
      ledger: DOCUMENT.ledger!,
      include: { type: 'string', multiple: true },
      exclude: { type: 'string', multiple: true },
    });
    if (values.help) {
      io.stdout.write(this.help);
      return EXIT.ok;
    }
    if (positionals.length) throw new UsageError(`documents takes no paths (${positionals.join(' ')}): it lists the whole pair. See: doc-ingest documents --help`);
    const config = await resolveConfig(values as Parameters<typeof resolveConfig>[0], io.env, io.cwd);
    const session = openSession(config, io, 2);
    try {
      // Asked first: a key that may not list fails before any file is read.
      const held = await session.client.listPairDocuments(config.ccPairId ?? DEFAULT_CC_PAIR_ID);
      const files = await listFiles([], config, io.cwd);
      const claims = await collectClaims(files, { ...nodeFileAccess(), idPrefix: () => config.idPrefix, maxFileBytes: config.maxFileBytes });
      const ledger = await openLedger(config, io);
      const scope = ledgerScope(session.baseUrl, config.ccPairId);
      const rows = await Promise.all(
        [...held].sort((a, b) => (a.documentId < b.documentId ? -1 : a.documentId > b.documentId ? 1 : 0)).map((d) => row(d, claims, ledger, scope, config.root)),
      );
      await ledger.close();
      io.stdout.write(values.json ? `${JSON.stringify(rows, null, 2)}\n` : table(rows, config.ccPairId ?? DEFAULT_CC_PAIR_ID));
      return EXIT.ok;
    } finally {
      await session.close();
    }
  },
};

/**
 * The file a held document comes from: the included file that builds its id now; else the ledger's source, when
 * it is still on disk and builds no other id (excluded since, or skipped); else none.
 */
async function row(d: DocumentInfo, claims: IdClaims, ledger: Ledger, scope: string, root: string): Promise<DocumentRow> {
  let source: string | undefined = claims.sourcesOf(d.documentId).sort()[0];
  const recorded = source === undefined ? ledger.entryFor(scope, d.documentId)?.sourcePath : undefined;
  if (recorded !== undefined && claims.idOf(recorded) === undefined && (await onDisk(root, recorded))) source = recorded;
  return { documentId: d.documentId, title: d.title, link: d.link ?? null, path: source ?? null };
}

async function onDisk(root: string, source: string): Promise<boolean> {
  return stat(path.join(root, ...source.split('/'))).then(
    (s) => s.isFile(),
    () => false,
  );
}

function table(rows: DocumentRow[], ccPairId: number): string {
  const here = rows.filter((r) => r.path !== null).length;
  const total = `${rows.length} ${rows.length === 1 ? 'document' : 'documents'} in pair ${ccPairId}: ${here} in this workspace, ${rows.length - here} not`;
  if (!rows.length) return `${total}\n`;
  const cells = rows.map((r) => [r.title, r.documentId, r.link ?? '-', r.path ?? NOT_HERE]);
  const head = ['title', 'document id', 'link', 'file'];
  const width = [0, 1, 2].map((c) => Math.max(head[c]!.length, ...cells.map((x) => x[c]!.length)));
  const line = (c: string[]) => [c[0]!.padEnd(width[0]!), c[1]!.padEnd(width[1]!), c[2]!.padEnd(width[2]!), c[3]!].join('  ').trimEnd();
  return [line(head), ...cells.map(line), '', total].join('\n') + '\n';
}
