/**
 * What the GitHub Action makes of the command line's `--json` report: the step's outputs (counts, the report's
 * path, the exit code) and the step summary, a Markdown table of what was sent. Never the key: the report has none.
 */
import type { IngestReport } from '../cli/report';

/** Every output action.yml declares (a test keeps the two the same). */
export const OUTPUTS = ['files', 'created', 'updated', 'unchanged', 'skipped', 'failed', 'not-sent', 'would-send', 'deleted', 'would-delete', 'questions', 'found', 'not-found', 'report', 'exit-code'] as const;

export type OutputName = (typeof OUTPUTS)[number];

/** Rows in the summary's table at most: GitHub keeps 1 MiB of summary per step; the report has every file. */
export const MAX_ROWS = 1000;

export function outputsOf(report: IngestReport | undefined, reportPath: string | undefined, exitCode: number): Partial<Record<OutputName, string>> {
  const outputs: Partial<Record<OutputName, string>> = { 'exit-code': String(exitCode) };
  if (!report) return outputs;
  const t = report.totals;
  Object.assign(outputs, {
    files: t.files, created: t.created, updated: t.updated, unchanged: t.unchanged, skipped: t.skipped, failed: t.failed,
    'not-sent': t.notSent + t.cancelled, 'would-send': t.wouldSend,
    deleted: report.prune?.totals.deleted ?? 0, 'would-delete': report.prune?.totals.wouldDelete ?? 0,
  });
  // Only when the questions were asked (input findable): an empty output says they were not, where 0 would say none missed.
  const f = report.findable;
  if (f && f.error === undefined) Object.assign(outputs, { questions: f.questions, found: f.found, 'not-found': f.notFound });
  for (const k of Object.keys(outputs) as OutputName[]) outputs[k] = String(outputs[k]);
  if (reportPath) outputs.report = reportPath;
  return outputs;
}

/**
 * `GITHUB_OUTPUT`'s format: `name<<DELIMITER`, the value, the delimiter, which the value cannot contain (it is drawn
 * at random), so a value may hold any character.
 */
export function outputLines(outputs: Partial<Record<OutputName, string>>, delimiter: string): string {
  return Object.entries(outputs).map(([name, value]) => `${name}<<${delimiter}\n${value}\n${delimiter}\n`).join('');
}

/** One table cell: no line break, no column break, no HTML. */
function cell(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/[|\\]/g, (c) => `\\${c}`).replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A path or id as code, unless a backtick would end it early. */
function code(text: string): string {
  return text.includes('`') ? cell(text) : `\`${cell(text)}\``;
}

const OUTCOME_TEXT: Record<string, string> = {
  created: 'created', updated: 'updated', unchanged: 'unchanged', skipped: 'skipped', failed: '**failed**',
  notSent: 'not sent', cancelled: 'cancelled (under way)', wouldSend: 'would be sent',
};

export function summaryMarkdown(report: IngestReport, reportPath: string): string {
  const t = report.totals;
  const counts = ([
    ['created', t.created], ['updated', t.updated], ['unchanged', t.unchanged], ['skipped', t.skipped], ['failed', t.failed],
    ['not sent', t.notSent], ['cancelled', t.cancelled], ['would be sent', t.wouldSend],
  ] as const).filter(([, n]) => n > 0).map(([what, n]) => `${n} ${what}`);
  const lines = [
    `### Doc Ingest${report.dryRun ? ' (dry run: nothing sent)' : ''}`,
    '',
    `${t.files} ${t.files === 1 ? 'file' : 'files'}${counts.length ? `: ${counts.join(', ')}` : ''}.` +
      `${report.server ? ` Server ${code(report.server)}` : ''}${report.ccPairId !== undefined ? `, pair ${report.ccPairId}` : ''}${report.server ? '.' : ''}` +
      ` Report: ${code(reportPath)}.`,
  ];
  if (report.stopped?.error) lines.push('', `**Stopped:** ${cell(report.stopped.error)}`);
  const rows = report.files.filter((f) => f.outcome !== 'unchanged');
  if (rows.length) {
    lines.push('', '| File | Document id | Outcome | Why |', '|---|---|---|---|');
    for (const f of rows.slice(0, MAX_ROWS)) {
      lines.push(`| ${code(f.path)} | ${f.documentId ? code(f.documentId) : ''} | ${OUTCOME_TEXT[f.outcome] ?? f.outcome} | ${f.error ? cell(f.error) : ''} |`);
    }
    if (rows.length > MAX_ROWS) lines.push('', `${rows.length - MAX_ROWS} more files are in the report.`);
  }
  // Never silent (issue 35, item 4): the pages sent with markup readers never see, each kind in the report.
  const markup = report.files.filter((f) => f.markup?.length).length;
  if (markup) lines.push('', `${markup} ${markup === 1 ? 'page carries' : 'pages carry'} markup readers do not see (sent as written): each kind is in the report's \`files[].markup\` at its line; \`dropPatterns\` in \`.doc-ingest.json\` leaves a site's own syntax out.`);
  if (t.unchanged) lines.push('', `${t.unchanged} unchanged ${t.unchanged === 1 ? 'file was' : 'files were'} not sent again (the server holds ${t.unchanged === 1 ? 'it' : 'them'} as ${t.unchanged === 1 ? 'it is' : 'they are'}).`);
  const prune = report.prune;
  if (prune) {
    lines.push('', '#### Prune');
    if (prune.refused) lines.push('', `Nothing deleted: ${cell(prune.refused.error)}`);
    if (prune.documents.length) {
      lines.push('', '| Document id | File | Outcome | Why |', '|---|---|---|---|');
      for (const d of prune.documents.slice(0, MAX_ROWS)) {
        lines.push(`| ${code(d.documentId)} | ${d.path ? code(d.path) : ''} | ${d.outcome} | ${cell(d.error ?? d.reasonText)} |`);
      }
    } else if (!prune.refused) {
      lines.push('', 'No document to delete.');
    }
  }
  const findable = report.findable;
  if (findable) lines.push(...findableMarkdown(findable));
  return `${lines.join('\n')}\n`;
}

/** The questions of the pages sent (input findable): the count, and a row per question that misses its page. */
function findableMarkdown(f: NonNullable<IngestReport['findable']>): string[] {
  const lines = ['', '#### Is it findable?', ''];
  if (f.error !== undefined) return [...lines, `Not checked: ${cell(f.error)}`];
  lines.push(`${f.found} of ${f.questions} ${f.questions === 1 ? 'question finds its page' : 'questions find their page'} in the top ${f.top}.`);
  const misses = f.pages.flatMap((p) => p.questions.filter((q) => !q.found));
  if (misses.length) {
    lines.push('', '| Question | Where | Rank | Above it |', '|---|---|---|---|');
    for (const q of misses.slice(0, MAX_ROWS)) {
      const rank = q.pageRank === null ? `not in the top ${f.top}` : `page #${q.pageRank}, section #${cell(q.anchor ?? '')} not in the top ${f.top}`;
      const above = q.above.map((a) => (a.path !== null ? code(a.path) : cell(`“${a.title}”`))).join(', ');
      lines.push(`| ${cell(q.question)} | ${code(`${q.file}${q.line !== null ? `:${q.line}` : ''}`)} | ${rank} | ${above} |`);
    }
    if (misses.length > MAX_ROWS) lines.push('', `${misses.length - MAX_ROWS} more questions are in the report.`);
  }
  return lines;
}

/** When the command line stopped before it made a report (a wrong input, no server): its own sentences. */
export function failureMarkdown(stderr: string, exitCode: number): string {
  const sentences = stderr.split('\n').filter((l) => l.startsWith('doc-ingest: ') || l.startsWith('::error')).map((l) => `- ${cell(l.replace(/^::error[^:]*::/, ''))}`);
  return `### Doc Ingest\n\nNothing was sent (exit code ${exitCode}).\n\n${sentences.join('\n')}\n`;
}
