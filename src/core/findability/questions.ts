/**
 * The questions a page should answer (issue 36, item 2), first found wins: its front matter `questions:` list, else
 * its entry in the workspace's questions file (`questionsFile.ts`), else the page's title and each second-level
 * heading. A question may name the section it expects: `How do I install on Linux? -> #linux`.
 */
import { isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import { findFrontMatter } from '../documents/source/frontMatter';
import { findHeadings } from '../documents/markdown/markdown';
import type { AnchorStyle } from '../documents/markdown/slug';
import { normalizeNewlines } from '../documents/text/text';
import * as l10n from '@vscode/l10n';

export type QuestionOrigin = 'frontMatter' | 'questionsFile' | 'title' | 'heading' | 'typed';

export interface Question {
  text: string;
  /** The section expected to answer it (its anchor, without `#`); undefined: any section of the page. */
  anchor?: string;
  origin: QuestionOrigin;
  /** 1-based line where the question is written (front matter entry, heading, questions file entry). */
  line?: number;
  /** The workspace-relative file the question is written in, when not the page itself (the questions file). */
  file?: string;
}

const EXPECTS = /^(.*?)\s*->\s*#([^\s#]+)\s*$/s;

/** `How? -> #anchor` into the question and the anchor it expects; a question without an arrow expects the page. */
export function parseQuestion(raw: string, origin: QuestionOrigin, line?: number): Question | undefined {
  const m = EXPECTS.exec(raw.trim());
  const text = (m ? m[1] ?? '' : raw).replace(/\s+/g, ' ').trim();
  if (!text) return undefined;
  return { text, ...(m?.[2] ? { anchor: decodeURIComponent(m[2]) } : {}), origin, ...(line ? { line } : {}) };
}

/**
 * An entry's text with its expected section: unquoted in YAML, `- How? -> #linux` reads as `How? ->` with the comment
 * `linux` (a ` #` starts a comment), which is what the writer meant, so the comment is put back.
 */
export function entryText(item: { value: unknown; comment?: string | null }): string | undefined {
  if (typeof item.value !== 'string') return undefined;
  const comment = item.comment?.trim();
  return /->\s*$/.test(item.value) && comment && !/\s/.test(comment) ? `${item.value} #${comment}` : item.value;
}

/**
 * The front matter's `questions:` list with the line of each entry, or undefined when the page has none. A value
 * that is no list of texts is an error sentence the caller shows at `line`.
 */
export function frontMatterQuestions(text: string): { questions: Question[] } | { error: string; line: number } | undefined {
  const block = findFrontMatter(normalizeNewlines(text));
  if (block?.kind !== 'yaml' || !/^questions[ \t]*:/m.test(block.source)) return undefined;
  const counter = new LineCounter();
  const doc = parseDocument(block.source, { lineCounter: counter });
  const lineOf = (offset: number | undefined) => block.firstLine + (offset === undefined ? 0 : counter.linePos(offset).line - 1);
  const node = doc.get('questions', true);
  const keyLine = lineOf(doc.contents && 'items' in doc.contents
    ? (doc.contents.items as { key: { range?: [number, number, number] } }[]).find((p) => isScalar(p.key) && p.key.value === 'questions')?.key.range?.[0]
    : undefined);
  if (!isSeq(node)) return { error: l10n.t('Front matter “questions” must be a list of questions, one per line starting with “- ”.'), line: keyLine };
  const questions: Question[] = [];
  for (const item of node.items) {
    const line = lineOf(isScalar(item) ? item.range?.[0] : undefined);
    const raw = isScalar(item) ? entryText(item) : undefined;
    if (raw === undefined) return { error: l10n.t('Front matter “questions” (line {0}): each entry must be a question in text.', line), line };
    const q = parseQuestion(raw, 'frontMatter', line);
    if (q) questions.push(q);
  }
  return { questions };
}

/**
 * The questions a page answers when nobody wrote any: its title (any section will do) and each second-level
 * heading, expecting that heading's own section. `bodyLine` is where the body starts in the file (after the
 * front matter), to place each question on its heading's line.
 */
export function defaultQuestions(title: string, body: string, bodyLine: number, anchors: AnchorStyle = 'github'): Question[] {
  const out: Question[] = [{ text: title, origin: 'title' }];
  for (const h of findHeadings(body, anchors)) {
    if (h.level !== 2 || !h.text || !h.topLevel) continue;
    out.push({ text: h.text, origin: 'heading', line: bodyLine + h.startLine + 1, ...(h.anchor ? { anchor: h.anchor } : {}) });
  }
  return out;
}

/** The body of a page (after its front matter) and the 0-based line it starts at. */
export function bodyOf(text: string): { body: string; bodyLine: number } {
  const normal = normalizeNewlines(text);
  const block = findFrontMatter(normal);
  return block ? { body: normal.slice(block.bodyOffset), bodyLine: block.bodyLine } : { body: normal, bodyLine: 0 };
}
