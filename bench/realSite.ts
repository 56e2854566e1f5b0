/**
 * Section 10, a real docs site (issue 37, goal 7): the dry run `npm run trial` times, `doc-ingest ingest --dry-run
 * --json --root <site>` in a child process of its own, over a checkout named by BENCH_REAL_SITE (the FastAPI docs,
 * an MkDocs site of 1,685 Markdown files, is the one the goal names). Real sites are never in this repository, so
 * the section runs only when one is named (`BENCH_ONLY=realSite BENCH_REAL_SITE=../fastapi npm run bench`).
 *
 * Files per second are wall time, as the trial reports them; the child's own CPU seconds (user and system, not
 * the git it runs) are given beside them, since on a shared machine they move less with the load than wall time.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensurePackaged } from './sizes';
import type { Results } from './results';
import { figure } from './stats';

const root = path.resolve(__dirname, '../..');
// The child's own CPU time and peak RSS, written as it exits (the parent cannot ask the OS for them).
const USAGE = "process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write('\\nbench-usage=' + JSON.stringify(u) + '\\n'); })";

interface Run {
  files: number;
  seconds: number;
  cpuSeconds: number;
  peakRssMB: number;
}

function dryRun(site: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('DOC_INGEST_') && k !== 'GITHUB_ACTIONS'));
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, ['--max-old-space-size=4096', `--import=data:text/javascript,${encodeURIComponent(USAGE)}`, path.join(root, 'dist/cli.js'), 'ingest', '--dry-run', '--json', '--root', site], { cwd: site, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => { err += c; });
    child.on('error', reject);
    child.on('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const usage = /bench-usage=(\{.*\})/.exec(err);
      try {
        const report = JSON.parse(Buffer.concat(out).toString('utf8')) as { files: unknown[] };
        if (!usage) throw new Error('no usage line');
        const u = JSON.parse(usage[1]!) as { userCPUTime: number; systemCPUTime: number; maxRSS: number };
        resolve({ files: report.files.length, seconds, cpuSeconds: (u.userCPUTime + u.systemCPUTime) / 1e6, peakRssMB: u.maxRSS / 1024 });
      } catch (e) {
        reject(new Error(`the dry run over ${site} gave no report: ${(e as Error).message}: ${err.slice(-500)}`));
      }
    });
  });
}

export async function realSiteSection(results: Results, rounds: number): Promise<void> {
  const named = process.env.BENCH_REAL_SITE;
  if (!named) {
    console.error('realSite: skipped (name a checkout with BENCH_REAL_SITE)');
    return;
  }
  const site = path.resolve(named);
  await ensurePackaged(); // the production dist/cli.js, as installed
  await dryRun(site); // warm the disk cache: every round reads the same files
  const runs: Run[] = [];
  for (let r = 0; r < rounds; r++) runs.push(await dryRun(site));
  const name = path.basename(site);
  results.note('realSite', 'site', { name, files: runs[0]!.files });
  results.add('realSite', 'filesPerSecond', {
    name: `dry run over ${name} (${runs[0]!.files} files): files per second, wall`,
    figure: figure(runs.map((r) => r.files / r.seconds), 'files/s', 'baseline: 543 files/s on FastAPI in issue 37 (quiet), 253 beside a CI run'),
    goal: '>= 1000',
  });
  results.add('realSite', 'cpuSecondsPer1000Files', { name: 'the same: CPU seconds per 1,000 files (its own user + system)', figure: figure(runs.map((r) => (r.cpuSeconds * 1000) / r.files), 's') });
  results.add('realSite', 'peakRssMB', { name: 'the same: peak RSS', figure: figure(runs.map((r) => r.peakRssMB), 'MB') });
}
