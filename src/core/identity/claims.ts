import * as l10n from '@vscode/l10n';

/**
 * Which source builds which document id. A run that sends some of the included files (changed files, a save,
 * Ingest Current File) must still know the ids of the others: a file whose id another included file also builds
 * is refused, naming both, instead of the two overwriting each other's document run after run.
 */

/** What a run asks: the sources (keys) that build `documentId`, in no particular order. */
export interface IdClaimsView {
  sourcesOf(documentId: string): readonly string[];
  /** The id `source` builds now; undefined when it builds none (not included, unreadable, or gone). */
  idOf(source: string): string | undefined;
}

export class IdClaims implements IdClaimsView {
  private readonly idBySource = new Map<string, string>();
  private readonly sourcesById = new Map<string, Set<string>>();

  /** `source` builds `documentId`; undefined: it builds none (it cannot become a document, or is gone). */
  set(source: string, documentId: string | undefined): void {
    this.delete(source);
    if (documentId === undefined) return;
    this.idBySource.set(source, documentId);
    let sources = this.sourcesById.get(documentId);
    if (!sources) this.sourcesById.set(documentId, (sources = new Set()));
    sources.add(source);
  }

  delete(source: string): void {
    const id = this.idBySource.get(source);
    if (id === undefined) return;
    this.idBySource.delete(source);
    const sources = this.sourcesById.get(id);
    sources?.delete(source);
    if (sources?.size === 0) this.sourcesById.delete(id);
  }

  idOf(source: string): string | undefined {
    return this.idBySource.get(source);
  }

  sourcesOf(documentId: string): string[] {
    return [...(this.sourcesById.get(documentId) ?? [])];
  }
}

/**
 * The one sentence for a document id two sources build: each names the others, so the writer sees both files. The
 * way out it names is `doc-ingest-id:`, which no site generator reads: `id:` (or `slug:`) would move a Docusaurus
 * page's published address (issue 35), and moving a file moves its address in every site.
 */
export function duplicateIdSentence(source: string, others: readonly string[], documentId: string): string {
  return l10n.t('{0} and {1} would both become the document “{2}”: give one of them another id (front matter doc-ingest-id:), then ingest again.', source, others.join(', '), documentId);
}
