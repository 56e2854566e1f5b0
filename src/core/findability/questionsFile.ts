/**
 * The workspace's questions file, `.doc-ingest-questions.yml` at the root: pages (workspace-relative paths) mapped to
 * the questions each should answer, for pages whose front matter the writer does not want to touch (generated
 * pages, pages a site generator would show the key of). A page's own front matter `questions:` wins over it.
 *
 *   docs/install.md:
 *     - How do I install on Linux? -> #linux
 *     - What does the installer need?
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import { normalizeRelativePath } from '../documents/text/text';
import { entryText, parseQuestion, type Question } from './questions';
import * as l10n from '@vscode/l10n';

export const QUESTIONS_FILE = '.doc-ingest-questions.yml';

export interface QuestionsFile {
  /** By normalised workspace-relative page path. */
  pages: Map<string, Question[]>;
  /** What could not be read, one sentence each with its line. */
  problems: { line: number; message: string }[];
}

export function readQuestionsFile(text: string): QuestionsFile {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter });
  const lineOf = (offset: number | undefined) => (offset === undefined ? 1 : counter.linePos(offset).line);
  const pages = new Map<string, Question[]>();
  const problems: QuestionsFile['problems'] = doc.errors.map((e) => ({ line: lineOf(e.pos[0]), message: l10n.t('{0} is not valid YAML: {1}', QUESTIONS_FILE, e.message.split('\n')[0] ?? '') }));
  if (problems.length || doc.contents === null) return { pages, problems };
  if (!isMap(doc.contents)) return { pages, problems: [{ line: 1, message: l10n.t('{0} must map each page\'s path to its list of questions.', QUESTIONS_FILE) }] };
  for (const pair of doc.contents.items) {
    const keyLine = lineOf(isScalar(pair.key) ? pair.key.range?.[0] : undefined);
    if (!isScalar(pair.key) || typeof pair.key.value !== 'string' || !isSeq(pair.value)) {
      problems.push({ line: keyLine, message: l10n.t('{0} line {1}: each entry is a page\'s path followed by a list of questions.', QUESTIONS_FILE, keyLine) });
      continue;
    }
    const questions: Question[] = [];
    for (const item of pair.value.items) {
      const line = lineOf(isScalar(item) ? item.range?.[0] : undefined);
      const raw = isScalar(item) ? entryText(item) : undefined;
      const q = raw === undefined ? undefined : parseQuestion(raw, 'questionsFile', line);
      if (q) questions.push({ ...q, file: QUESTIONS_FILE });
      else problems.push({ line, message: l10n.t('{0} line {1}: a question must be text.', QUESTIONS_FILE, line) });
    }
    pages.set(normalizeRelativePath(pair.key.value), questions);
  }
  return { pages, problems };
}
