// What the search routes rank: every stored document cut into chunks as the real server cuts them (the title first,
// then sections packed up to about 512 tokens, each section keeping its link), ranked with MiniSearch (BM25+).
// Kept in step with the store: a document is put after each write and removed on delete, so it is searchable as
// soon as its POST has returned, as on the real server, which indexes inside the ingestion request.
import MiniSearch from 'minisearch';
import type { StoredDocument } from './types';

/** About 512 tokens; tokens estimated as characters / 4, as for user files. */
export const CHUNK_CHARS = 512 * 4;

export interface ChunkSection {
  text: string;
  link: string | null;
}

export interface Chunk {
  key: string;
  documentId: string;
  index: number;
  title: string;
  sections: ChunkSection[];
  /** The document as it was when the chunk was made (title, source, metadata, dates). */
  document: StoredDocument;
}

export interface ChunkHit {
  chunk: Chunk;
  score: number;
  /** The document's words that matched the query. */
  terms: string[];
}

export interface IndexQuery {
  text: string;
  /** Only documents whose source is one of these (the real server's `source_type` filter). */
  sourceTypes?: readonly string[];
  /** Documents put less than this long ago are not found yet (the real server indexes after answering). */
  searchableAfterMs?: number;
  /** How a stored source reads in results (older servers show `ingestion_api` as `file`). */
  sourceOf(d: StoredDocument): string;
}

/** Sections of the document in order, a long one cut at word boundaries so that no piece passes a chunk. */
function pieces(d: StoredDocument): ChunkSection[] {
  const out: ChunkSection[] = [];
  for (const s of d.sections) {
    const text = (s.text ?? '').trim();
    if (!text) continue;
    let rest = text;
    while (rest.length > CHUNK_CHARS) {
      const cut = rest.lastIndexOf(' ', CHUNK_CHARS);
      const at = cut > CHUNK_CHARS / 2 ? cut : CHUNK_CHARS;
      out.push({ text: rest.slice(0, at).trim(), link: s.link });
      rest = rest.slice(at).trim();
    }
    if (rest) out.push({ text: rest, link: s.link });
  }
  return out;
}

/** Packs consecutive sections into chunks of at most CHUNK_CHARS (a document with no text is one title-only chunk). */
export function chunksOf(d: StoredDocument): Chunk[] {
  const title = d.title ?? d.semanticIdentifier;
  const groups: ChunkSection[][] = [];
  let size = 0;
  for (const p of pieces(d)) {
    const last = groups[groups.length - 1];
    if (last && size + p.text.length <= CHUNK_CHARS) {
      last.push(p);
      size += p.text.length;
    } else {
      groups.push([p]);
      size = p.text.length;
    }
  }
  if (!groups.length) groups.push([{ text: '', link: d.sections[0]?.link ?? null }]);
  return groups.map((sections, index) => ({ key: `${d.id}\u0000${index}`, documentId: d.id, index, title, sections, document: d }));
}

export class SearchIndex {
  private readonly search = new MiniSearch<{ key: string; text: string }>({ idField: 'key', fields: ['text'] });
  private readonly chunks = new Map<string, Chunk>();
  private readonly keysOf = new Map<string, string[]>();
  /** When each document was last put (ms since the epoch), for `searchableAfterMs`. */
  private readonly putAt = new Map<string, number>();

  /** Replaces whatever was indexed for this document id with its chunks now. */
  put(d: StoredDocument): void {
    this.remove(d.id);
    const chunks = chunksOf(structuredClone(d));
    for (const c of chunks) {
      this.chunks.set(c.key, c);
      // The title is in every chunk's text, as the real server prefixes it before embedding.
      this.search.add({ key: c.key, text: `${c.title}\n${c.sections.map((s) => s.text).join('\n')}` });
    }
    this.keysOf.set(d.id, chunks.map((c) => c.key));
    this.putAt.set(d.id, Date.now());
  }

  remove(documentId: string): void {
    for (const key of this.keysOf.get(documentId) ?? []) {
      this.search.discard(key);
      this.chunks.delete(key);
    }
    this.keysOf.delete(documentId);
    this.putAt.delete(documentId);
  }

  /** Matching chunks, best first (a document may come back once per chunk). */
  query(q: IndexQuery): ChunkHit[] {
    const wanted = q.sourceTypes?.length ? new Set(q.sourceTypes) : undefined;
    const putBefore = Date.now() - (q.searchableAfterMs ?? 0);
    return this.search
      .search(q.text, { combineWith: 'OR' })
      .flatMap((r): ChunkHit[] => {
        const chunk = this.chunks.get(String(r.id));
        if (!chunk || (wanted && !wanted.has(q.sourceOf(chunk.document)))) return [];
        if (q.searchableAfterMs && (this.putAt.get(chunk.documentId) ?? 0) > putBefore) return [];
        return [{ chunk, score: r.score, terms: r.terms }];
      });
  }
}
