import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { DocumentError } from '../../core/documents';
import {
  bodyOf, checkFindability, DEFAULT_TOP, defaultQuestions, describeAnswer, frontMatterQuestions, QUESTIONS_FILE, readQuestionsFile,
} from '../../core/findability';
import type { Answer, PageAnswers, PageQuestions, Question } from '../../core/findability';
import { documentIdOf } from '../../core/identity';
import { buildFile } from '../../core/ingest/pipeline';
import { diskSiteFiles, SiteResolver } from '../../core/site';
import { ingestConfig, resolveConfig } from '../config';
import { EXIT } from '../exitCodes';
import { listFiles } from '../files';
import { COMMON, COMMON_HELP, DOCUMENT, DOCUMENT_HELP } from '../options';
import { parse } from '../parse';
import { openSession, requireServer } from '../session';
import { UsageError } from '../usageError';
import { forCommandLine } from '../wording';
import type { Command } from './command';

/** A page's question in the JSON report. */
export interface QuestionRow {
  question: string;
  anchor: string | null;
  /** Where the question is written: the page, or the questions file. */
  file: string;
  line: number | null;
  origin: Question['origin'];
  found: boolean;
  pageRank: number | null;
  sectionRank: number | null;
  above: { documentId: string; title: string; path: string | null }[];
}

export const findable: Command = {
  name: 'findable',
  help: `Usage: doc-ingest findable [paths...] [--top K] [options]

Asks the server, with the same key, the questions each page should answer, and says where the page (and the section
a question names) ranks and what outranks it. Nothing is sent but searches: each question is one search, a row in
the search history of the key's user on the server.

Questions of a page, first found wins: its front matter "questions:" list; its entry in ${QUESTIONS_FILE} at the
root (page path: list of questions); else its title and each second-level heading. "How do I install? -> #linux"
expects the section with that anchor.

Options:
  --top K                a page ranked below K is not found (default ${DEFAULT_TOP})
${DOCUMENT_HELP}
${COMMON_HELP}

Exit codes: 0 every question finds its page (and its section); 6 some do not; 2 usage or configuration;
3 the key is refused or may not search; 4 the server is unreachable or offers no search.
`,
  async run(args, io) {
    const { values, positionals } = parse('findable', args, { ...COMMON, ...DOCUMENT, top: { type: 'string' } });
    if (values.help) {
      io.stdout.write(this.help);
      return EXIT.ok;
    }
    const top = values.top === undefined ? DEFAULT_TOP : Number(values.top);
    if (!Number.isInteger(top) || top < 1 || top > 50) throw new UsageError(`--top takes a whole number from 1 to 50, not "${String(values.top)}".`);
    const config = resolveConfig(values as Parameters<typeof resolveConfig>[0], io.env, io.cwd);
    requireServer(config);
    const files = await listFiles(positionals, config, io.cwd);
    const sites = new SiteResolver(diskSiteFiles(config.root, config.maxFileBytes));
    const questionsFile = await readQuestions(config.root);
    const warnings: string[] = questionsFile.problems.map((p) => `${QUESTIONS_FILE}:${p.line}: ${p.message}`);
    const pages: PageQuestions[] = [];
    for (const file of files) {
      if (!file.absolutePath || file.withheld) continue;
      const page = await pageOf(file.relativePath, file.absolutePath, config, sites, questionsFile.pages, warnings);
      if (page) pages.push(page);
    }
    // Which workspace file publishes a document: every included file's id, so "outranked by docs/old.md" names it.
    const fileOf = await workspaceIds(config, io.cwd, sites);
    const session = openSession(config, io, 4);
    let results: PageAnswers[];
    try {
      results = await checkFindability(pages, {
        search: (q, o) => session.client.search(q, o),
        fileOf: (id) => fileOf.get(id),
        top,
        concurrency: 4,
      });
    } finally {
      await session.close();
    }
    const rows = results.map((r) => ({ path: r.page.path, documentId: r.page.documentId, questions: r.answers.map((a) => rowOf(a, r.page.path)) }));
    const all = rows.flatMap((r) => r.questions);
    const notFound = all.filter((q) => !q.found).length;
    const exitCode = notFound ? EXIT.notFindable : EXIT.ok;
    for (const w of warnings) io.stderr.write(`doc-ingest: ${w}\n`);
    if (values.json) {
      io.stdout.write(`${JSON.stringify({ version: 1, command: 'findable', top, questions: all.length, found: all.length - notFound, notFound, pages: rows, exitCode }, null, 2)}\n`);
    } else {
      for (const r of results) {
        for (const a of r.answers) {
          const where = `${a.question.file ?? r.page.path}${a.question.line ? `:${a.question.line}` : ''}`;
          io.stdout.write(`${a.found ? 'ok  ' : 'MISS'}  ${where}  "${a.question.text}"  ${describeAnswer(a, top)}\n`);
        }
      }
      io.stdout.write(`${all.length} questions on ${rows.length} pages: ${all.length - notFound} find their page in the top ${top}, ${notFound} do not\n`);
    }
    if (io.env.GITHUB_ACTIONS === 'true') io.stdout.write(annotate(results, top, config.root, io.env.GITHUB_WORKSPACE));
    return exitCode;
  },
};

async function readQuestions(root: string): Promise<ReturnType<typeof readQuestionsFile>> {
  const text = await readFile(path.join(root, QUESTIONS_FILE), 'utf8').catch(() => undefined);
  return text === undefined ? { pages: new Map(), problems: [] } : readQuestionsFile(text);
}

async function pageOf(
  relativePath: string, absolutePath: string, config: ReturnType<typeof resolveConfig>, sites: SiteResolver,
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

async function workspaceIds(config: ReturnType<typeof resolveConfig>, cwd: string, sites: SiteResolver): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const f of await listFiles([], config, cwd)) {
    if (!f.absolutePath) continue;
    const bytes = await readFile(f.absolutePath).catch(() => undefined);
    if (!bytes || bytes.length > config.maxFileBytes) continue;
    const site = await sites.factsOf(f.relativePath, new TextDecoder().decode(bytes));
    const id = documentIdOf(bytes, f.relativePath, config.idPrefix, { generatorKeys: site?.generatorKeys });
    if (id) ids.set(id, f.relativePath);
  }
  return ids;
}

function rowOf(a: Answer, pagePath: string): QuestionRow {
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

/** A `::warning` on the question's line for each question that does not find its page (GitHub Actions). */
function annotate(results: readonly PageAnswers[], top: number, root: string, workspace: string | undefined): string {
  const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const property = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
  return results.flatMap((r) => r.answers.filter((a) => !a.found).map((a) => {
    const file = a.question.file ?? r.page.path;
    const at = workspace ? path.relative(workspace, path.join(root, file)).split(path.sep).join('/') : file;
    const props = [`file=${property(at)}`, ...(a.question.line ? [`line=${a.question.line}`] : []), `title=${property('Doc Ingest: not findable')}`];
    return `::warning ${props.join(',')}::${data(`"${a.question.text}": ${describeAnswer(a, top)}`)}\n`;
  })).join('');
}
