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
  /**
   * The sources of each id: the one source itself, a set only when two or more claim it. A run claims the id of
   * every included file, thousands of them, almost never twice: a set each was most of what claiming cost.
   */
  private readonly sourcesById = new Map<string, string | Set<string>>();

  /** `source` builds `documentId`; undefined: it builds none (it cannot become a document, or is gone). */
  set(source: string, documentId: string | undefined): void {
    const previous = this.idBySource.get(source);
    if (previous === documentId) return;
    if (previous !== undefined) this.delete(source);
    if (documentId === undefined) return;
    this.idBySource.set(source, documentId);
    const sources = this.sourcesById.get(documentId);
    if (sources === undefined) this.sourcesById.set(documentId, source);
    else if (typeof sources === 'string') this.sourcesById.set(documentId, new Set([sources, source]));
    else sources.add(source);
  }

  delete(source: string): void {
    const id = this.idBySource.get(source);
    if (id === undefined) return;
    this.idBySource.delete(source);
    const sources = this.sourcesById.get(id);
    if (typeof sources === 'string') {
      this.sourcesById.delete(id);
    } else if (sources) {
      sources.delete(source);
      if (sources.size === 0) this.sourcesById.delete(id);
    }
  }

  idOf(source: string): string | undefined {
    return this.idBySource.get(source);
  }

  sourcesOf(documentId: string): string[] {
    const sources = this.sourcesById.get(documentId);
    return sources === undefined ? [] : typeof sources === 'string' ? [sources] : [...sources];
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
