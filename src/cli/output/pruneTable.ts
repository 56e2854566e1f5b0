import type { PruneOutcome, PruneResult } from '../prune';

const LABEL: Record<PruneOutcome, string> = {
  deleted: 'deleted',
  wouldDelete: 'would be deleted',
  alreadyGone: 'already gone',
  notDeleted: 'not deleted',
  failed: 'failed',
  unknown: 'unknown, may still be there',
};

/** After the files' table: one row per document `--prune` touched or would touch, then its totals. Plain text, aligned. */
export function pruneTable(p: PruneResult): string {
  const lines: string[] = [];
  if (p.items.length) {
    const cells = p.items.map((i) => [i.documentId, LABEL[i.outcome], i.title ?? '', i.error ? `${i.reasonText}: ${i.error}` : i.reasonText]);
    const head = ['document id', 'prune', 'title', 'why'];
    const width = [0, 1, 2].map((c) => Math.max(head[c]!.length, ...cells.map((row) => row[c]!.length)));
    const row = (c: string[]) => [c[0]!.padEnd(width[0]!), c[1]!.padEnd(width[1]!), c[2]!.padEnd(width[2]!), c[3]!].join('  ').trimEnd();
    lines.push('', row(head), ...cells.map(row));
  }
  const counts = new Map<PruneOutcome, number>();
  for (const i of p.items) counts.set(i.outcome, (counts.get(i.outcome) ?? 0) + 1);
  const parts = (Object.keys(LABEL) as PruneOutcome[]).filter((o) => counts.get(o)).map((o) => `${counts.get(o)} ${LABEL[o]}`);
  // Documents no ledger records, deleted only because the id prefix claims them, are the ones to look at twice.
  const byPrefix = p.items.filter((i) => i.reason === 'noSource' && i.outcome !== 'alreadyGone').length;
  if (byPrefix) parts.push(`${byPrefix} of them by the id prefix alone`);
  const pair = `pair ${p.ccPairId}${p.held !== undefined ? `, which held ${p.held}` : ''}`;
  lines.push('', `prune (${pair}): ${p.refused ? 'refused, nothing deleted' : parts.length ? parts.join(', ') : 'nothing to delete'}`);
  return lines.join('\n') + '\n';
}
