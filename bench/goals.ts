/**
 * Issue 37's goals, each with the figure it is held to, its "before" (a full `npm run bench` on a clean clone of
 * 2026-11-28 before the work, on the same quiet 2 cores; the real sites from the same dry runs of the commit before,
 * interleaved with the after's) and, from the figures of this run, its "after" and whether it is met: section
 * `issue37` of bench/results.json and a table at the end of the run.
 */
import type { Results } from './results';

interface Goal {
  goal: string;
  section: string;
  key: string;
  before: string;
  /** The goal as the issue sets it, where it differs from the row's own (an older, stricter goal). */
  target?: string;
}

const GOALS: Goal[] = [
  { goal: '1. MDX corpus read / @mdx-js/mdx compile', section: 'documents', key: 'mdxCorpusReadVsCompile', before: '0.163 (0.137-0.202)' },
  { goal: '1. largest MDX page read / compile', section: 'documents', key: 'mdxLargestReadVsCompile', before: '0.100 (0.088-0.125)' },
  { goal: '2. activation of the packaged .vsix, ms', section: 'activation', key: 'packaged.ms', before: '116 (82-131)' },
  { goal: '3. doc-ingest check / one raw request', section: 'cliStart', key: 'check.ratioVsRaw', before: '1.76 (1.55-1.87)' },
  { goal: '4. ingest --changed, 5,000 unchanged / plain loop', section: 'nothingToSend', key: 'cliVsLoop', before: '2.51 (2.16-2.83), the command\'s module load inside the clock' },
  { goal: '4. ingest --changed with the command\'s module load / plain loop', section: 'nothingToSend', key: 'cliWithLoadVsLoop', before: '2.3 ((127 + 60) / 81, quiet run of 2026-11-28 03:00)' },
  { goal: '4. the same from the production bundles (dist/cli/, as installed)', section: 'nothingToSend', key: 'distWithLoadVsLoop', before: 'not measured before this round; paired loaded runs of the bundles of 4727782: load 80 ms of CPU (14 after)' },
  { goal: '4. Ingest Changed Files core path / plain loop', section: 'nothingToSend', key: 'editorVsLoop', before: '1.77 (1.57-2.05)' },
  { goal: '5. peak RSS 5,000 / 1,000 files', section: 'memory', key: 'peakRssN5000VsN1000', before: '1.36 (1.34-1.38)' },
  { goal: '6. raw / batch at 0 ms, N=1,000', section: 'batch', key: 'n1000At0ms.ratioVsRaw', before: '0.737 (0.570-0.808)', target: '>= 0.8' },
  { goal: '6. raw / batch at 0 ms, N=5,000', section: 'batch', key: 'n5000At0ms.ratioVsRaw', before: '0.972 (0.902-1.10)', target: '>= 0.8' },
  { goal: '7. Mintlify docs, dry run files/s', section: 'sites', key: 'mintlify-docs.filesPerSecond', before: '203 (5.2-5.8 s for 1,116 files; shell-timed dry runs of the commit before, interleaved with the after\'s: 3.8-4.0 s, 286 files/s)' },
  { goal: '7. FastAPI docs, dry run files/s', section: 'sites', key: 'fastapi.filesPerSecond', before: '344 (4.7-5.2 s for 1,685 files; shell-timed dry runs of the commit before, interleaved with the after\'s: 4.1-4.6 s, 383 files/s)' },
  { goal: '7. build 1 MB of Markdown, ms', section: 'documents', key: 'build1MBMs', before: '148 (125-185)' },
  { goal: '7. build 1 MB / build 256 KB', section: 'documents', key: 'build1MBVs256KB', before: '5.71 (3.60-6.76)' },
];

function meets(value: number, goal: string): boolean {
  const m = /^(<=|>=|<|>|=)\s*([\d.]+)$/.exec(goal.trim());
  if (!m) return false;
  const n = Number(m[2]);
  return m[1] === '<=' ? value <= n : m[1] === '>=' ? value >= n : m[1] === '<' ? value < n : m[1] === '>' ? value > n : value === n;
}

/** The goals this run measured, noted in `issue37` and returned as table lines. */
export function issue37Goals(results: Results): string[] {
  const lines = ['| issue 37 goal | before | after (this run) | goal | met |', '|---|---|---|---|---|'];
  const rows: Record<string, unknown>[] = [];
  for (const g of GOALS) {
    const f = results.figureAt(g.section, g.key);
    if (!f) continue;
    const target = g.target ?? (f as { goal?: string }).goal ?? '';
    const after = `${round(f.value)} (${round(f.min)}-${round(f.max)})`;
    const met = meets(f.value, target);
    rows.push({ goal: g.goal, figure: `${g.section}.${g.key}`, before: g.before, after, target, met });
    lines.push(`| ${g.goal} | ${g.before} | ${after} | ${target} | ${met ? 'yes' : 'no'} |`);
  }
  results.note('issue37', 'goals', rows);
  return rows.length ? lines : [];
}

function round(n: number): string {
  return Math.abs(n) >= 100 ? n.toFixed(0) : String(Number(n.toPrecision(3)));
}
