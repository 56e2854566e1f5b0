/**
 * What `doc-ingest findable` and `doc-ingest ingest --findable` share (issue 36): a page's questions as the files
 * say them, the report's rows, the text lines and the GitHub annotations of the answers.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';
import { DocumentError } from '../core/documents';
import { bodyOf, defaultQuestions, describeAnswer, frontMatterQuestions, QUESTIONS_FILE, readQuestionsFile } from '../core/findability';
import type { Answer, PageAnswers, PageQuestions, Question } from '../core/findability';
import { buildFile } from '../core/ingest/pipeline';
import type { SiteResolver } from '../core/site';
import { ingestConfig } from './config';
import type { CliConfig } from './config';
import { forCommandLine } from './wording';

export const QuestionRowSchema = z.strictObject({
  question: z.string(),
  anchor: z.string().nullable(),
  /** Where the question is written: the page, or the questions file. */
  file: z.string(),
  line: z.number().int().positive().nullable(),
  origin: z.enum(['frontMatter', 'questionsFile', 'title', 'heading', 'typed']),
  found: z.boolean(),
  pageRank: z.number().int().positive().nullable(),
  sectionRank: z.number().int().positive().nullable(),
  above: z.array(z.strictObject({ documentId: z.string(), title: z.string(), path: z.string().nullable() })),
});
export type QuestionRow = z.infer<typeof QuestionRowSchema>;

export const PageRowSchema = z.strictObject({ path: z.string(), documentId: z.string(), questions: z.array(QuestionRowSchema) });
export type PageRow = z.infer<typeof PageRowSchema>;

/** The questions file at the root, or an empty one. */
export async function readQuestions(root: string): Promise<ReturnType<typeof readQuestionsFile>> {
  const text = await readFile(path.join(root, QUESTIONS_FILE), 'utf8').catch(() => undefined);
  return text === undefined ? { pages: new Map(), problems: [] } : readQuestionsFile(text);
}

/**
 * A page's questions, first found wins: its front matter, its entry in the questions file, its title and headings.
 * Undefined (with a warning) for a page that does not build or whose `questions:` is no list.
 */
export async function pageOf(
  relativePath: string, absolutePath: string, config: CliConfig, sites: SiteResolver,
  fromFile: Map<string, Question[]>, warnings: string[],
): Promise<PageQuestions | undefined> {
  if ((await stat(absolutePath)).size > config.maxFileBytes) return undefined;
  const bytes = await readFile(absolutePath);
  const text = new TextDecoder().decode(bytes);
  const site = await sites.factsOf(relativePath, text);
  let built;
  try {
    built = buildFile({ relativePath, input: bytes, ...(site ? { site } : {}) }, ingestConfig(config));
  } catch (e) {
    if (!(e instanceof DocumentError)) throw e;
    warnings.push(`${relativePath}${e.line ? `:${e.line}` : ''}: ${forCommandLine(e.message)} (no questions asked)`);
    return undefined;
  }
  const own = frontMatterQuestions(text);
  if (own && 'error' in own) {
    warnings.push(`${relativePath}:${own.line}: ${own.error}`);
    return undefined;
  }
  const { body, bodyLine } = bodyOf(text);
  const title = built.document.semantic_identifier;
  const questions = own?.questions ?? fromFile.get(relativePath) ?? defaultQuestions(title, body, bodyLine, site?.anchors ?? 'github');
  return { path: relativePath, documentId: built.document.id ?? relativePath, questions };
}

export function rowOf(a: Answer, pagePath: string): QuestionRow {
  return {
    question: a.question.text,
    anchor: a.question.anchor ?? null,
    file: a.question.file ?? pagePath,
    line: a.question.line ?? null,
    origin: a.question.origin,
    found: a.found,
    pageRank: a.pageRank ?? null,
    sectionRank: a.sectionRank ?? null,
    above: a.above.map((o) => ({ documentId: o.documentId, title: o.title, path: o.path ?? null })),
  };
}

export function pageRows(results: readonly PageAnswers[]): PageRow[] {
  return results.map((r) => ({ path: r.page.path, documentId: r.page.documentId, questions: r.answers.map((a) => rowOf(a, r.page.path)) }));
}

/** One line per question ("ok" or "MISS", where it is written, the question, its rank) and a closing count. */
export function answerLines(results: readonly PageAnswers[], top: number): string {
  const lines = results.flatMap((r) => r.answers.map((a) => {
    const where = `${a.question.file ?? r.page.path}${a.question.line ? `:${a.question.line}` : ''}`;
    return `${a.found ? 'ok  ' : 'MISS'}  ${where}  "${a.question.text}"  ${describeAnswer(a, top)}\n`;
  }));
  const all = results.flatMap((r) => r.answers);
  const notFound = all.filter((a) => !a.found).length;
  return `${lines.join('')}${all.length} questions on ${results.length} pages: ${all.length - notFound} find their page in the top ${top}, ${notFound} do not\n`;
}

/** A `::warning` on the question's line for each question that does not find its page (GitHub Actions). */
export function notFindableAnnotations(results: readonly PageAnswers[], top: number, root: string, workspace: string | undefined): string {
  const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const property = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
  return results.flatMap((r) => r.answers.filter((a) => !a.found).map((a) => {
    const file = a.question.file ?? r.page.path;
    const at = workspace ? path.relative(workspace, path.join(root, file)).split(path.sep).join('/') : file;
    const props = [`file=${property(at)}`, ...(a.question.line ? [`line=${a.question.line}`] : []), `title=${property('Doc Ingest: not findable')}`];
    return `::warning ${props.join(',')}::${data(`"${a.question.text}": ${describeAnswer(a, top)}`)}\n`;
  })).join('');
}

// Apart, so that `ingest` reads its options without loading the document builder.
export { topOf } from './topOption';
