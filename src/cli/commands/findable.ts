import { readFile } from 'node:fs/promises';
import { checkFindability, DEFAULT_TOP, QUESTIONS_FILE, SEARCH_CONCURRENCY } from '../../core/findability';
import type { PageAnswers, PageQuestions } from '../../core/findability';
import { documentIdOf } from '../../core/identity';
import { diskSiteFiles, SiteResolver } from '../../core/site';
import { resolveConfig } from '../config';
import { EXIT } from '../exitCodes';
import { listFiles } from '../files';
import { answerLines, notFindableAnnotations, pageOf, pageRows, readQuestions, topOf } from '../findability';
import { COMMON, COMMON_HELP, DOCUMENT, DOCUMENT_HELP } from '../options';
import { parse } from '../parse';
import { openSession, requireServer } from '../session';
import { UsageError } from '../usageError';
import type { Command } from './command';

export type { QuestionRow } from '../findability';

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
    const top = topOf(values.top, DEFAULT_TOP);
    if (top === undefined) throw new UsageError(`--top takes a whole number from 1 to 50, not "${String(values.top)}".`);
    const config = await resolveConfig(values as Parameters<typeof resolveConfig>[0], io.env, io.cwd);
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
    const session = openSession(config, io, SEARCH_CONCURRENCY);
    let results: PageAnswers[];
    try {
      results = await checkFindability(pages, {
        search: (q, o) => session.client.search(q, o),
        fileOf: (id) => fileOf.get(id),
        top,
        concurrency: SEARCH_CONCURRENCY,
      });
    } finally {
      await session.close();
    }
    const rows = pageRows(results);
    const all = rows.flatMap((r) => r.questions);
    const notFound = all.filter((q) => !q.found).length;
    const exitCode = notFound ? EXIT.notFindable : EXIT.ok;
    for (const w of warnings) io.stderr.write(`doc-ingest: ${w}\n`);
    if (values.json) {
      io.stdout.write(`${JSON.stringify({ version: 1, command: 'findable', top, questions: all.length, found: all.length - notFound, notFound, pages: rows, exitCode }, null, 2)}\n`);
    } else {
      io.stdout.write(answerLines(results, top));
    }
    if (io.env.GITHUB_ACTIONS === 'true') io.stdout.write(notFindableAnnotations(results, top, config.root, io.env.GITHUB_WORKSPACE));
    return exitCode;
  },
};

async function workspaceIds(config: Awaited<ReturnType<typeof resolveConfig>>, cwd: string, sites: SiteResolver): Promise<Map<string, string>> {
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
