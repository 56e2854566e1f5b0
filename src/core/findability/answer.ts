/**
 * Where a page and its expected section rank for one question (issue 36, item 3), from the hits the server gave.
 * The server returns one hit per matching section, so a document can come back several times: it counts once for
 * the page's rank (at its best hit), and each of its sections once for the section's rank.
 */
import type { SearchHit } from '../api/search';
import type { Question } from './questions';
import * as l10n from '@vscode/l10n';

export const DEFAULT_TOP = 5;

export interface Outranking {
  documentId: string;
  title: string;
  /** The workspace file that publishes it, when it is one of this workspace's documents. */
  path?: string;
}

/** One of the top K documents for a question, at its best section. */
export interface RankedDocument extends Outranking {
  /** The link of its best-ranked hit: the section a reader of the chat would land on. */
  link: string | undefined;
}

export interface Answer {
  question: Question;
  /** 1-based rank of the page among distinct documents, within the top K; undefined: not found. */
  pageRank?: number;
  /**
   * 1-based rank of the expected section among distinct sections (document and link), within the top K; undefined
   * when the question expects no section or the section is not in the top K.
   */
  sectionRank?: number;
  /** The documents ranked above the page, best first (every top-K document when the page is not found). */
  above: Outranking[];
  /** Whether the page is in the top K (and, when the question names one, whether the section is too). */
  found: boolean;
  /** The top K documents, best first, the page among them when found: what a reader asking this question sees. */
  ranked: RankedDocument[];
}

/** The anchor a hit's link points at, undefined without a fragment. */
export function anchorOf(link: string | undefined): string | undefined {
  const hash = link?.indexOf('#') ?? -1;
  if (!link || hash < 0) return undefined;
  const raw = link.slice(hash + 1);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function answerOf(question: Question, documentId: string, hits: readonly SearchHit[], top: number, fileOf: (documentId: string) => string | undefined): Answer {
  const documents: SearchHit[] = [];
  const seen = new Set<string>();
  for (const h of hits) {
    if (seen.has(h.documentId)) continue;
    seen.add(h.documentId);
    documents.push(h);
  }
  const inTop = documents.slice(0, top);
  const at = inTop.findIndex((h) => h.documentId === documentId);
  const pageRank = at < 0 ? undefined : at + 1;
  const ranked = inTop.map((h): RankedDocument => {
    const path = fileOf(h.documentId);
    return { documentId: h.documentId, title: h.title, link: h.link, ...(path ? { path } : {}) };
  });
  const above = (at < 0 ? ranked : ranked.slice(0, at)).map(({ link: _link, ...o }): Outranking => o);
  let sectionRank: number | undefined;
  if (question.anchor !== undefined) {
    const sections: SearchHit[] = [];
    const seenSections = new Set<string>();
    for (const h of hits) {
      const key = `${h.documentId}\u0000${h.link ?? `#chunk${h.chunk}`}`;
      if (seenSections.has(key)) continue;
      seenSections.add(key);
      sections.push(h);
    }
    const s = sections.slice(0, top).findIndex((h) => h.documentId === documentId && anchorOf(h.link) === question.anchor);
    sectionRank = s < 0 ? undefined : s + 1;
  }
  const found = pageRank !== undefined && (question.anchor === undefined || sectionRank !== undefined);
  return {
    question,
    ...(pageRank !== undefined ? { pageRank } : {}),
    ...(sectionRank !== undefined ? { sectionRank } : {}),
    above,
    found,
    ranked,
  };
}

/** One line a writer reads: "#2 of 5, outranked by docs/old-install.md", "not in the top 5". */
export function describeAnswer(a: Answer, top: number): string {
  const by = a.above.length ? l10n.t('; outranked by {0}', a.above.map((o) => o.path ?? `"${o.title}"`).join(', ')) : '';
  if (a.pageRank === undefined) return l10n.t('not in the top {0}{1}', top, by.replace('; outranked by', '; the top is'));
  const page = `page #${a.pageRank} of ${top}`;
  if (a.question.anchor === undefined) return `${page}${by}`;
  const section = a.sectionRank === undefined ? l10n.t('section #{0} not in the top {1}', a.question.anchor, top) : `section #${a.question.anchor} #${a.sectionRank}`;
  return `${page}, ${section}${by}`;
}
