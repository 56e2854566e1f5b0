/**
 * Section 10 (issue 37, goal 7): real docs sites, read as a dry run does. Real sites are never in this repository,
 * so the section runs only for the checkouts named in BENCH_SITES (comma-separated folders; `npm run trial` names
 * the same checkouts). Per site and round, interleaved: `doc-ingest ingest --dry-run --json --root <site>` (the
 * production dist/cli.js, a fresh process, its peak RSS from Node's own count) against a plain loop that reads and
 * hashes every file of the same listing in a fresh process. The goal is in files per second, as the issue sets it:
 * >= 300 for a site whose pages are MDX (Mintlify; Docusaurus, whose .md pages are MDX by default), >= 1,000 for a
 * site of Markdown (MkDocs), as `doc-ingest site` names the generator.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import type { Results } from './results';
import { ensurePackaged } from './sizes';
import { figure, ratio } from './stats';

const root = path.resolve(__dirname, '../..');
const CLI = path.join(root, 'dist', 'cli.js');
// The child's own CPU time and peak RSS, written as it exits (the parent cannot ask the OS for them).
const USAGE = "process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write('\\nbench-usage=' + [u.userCPUTime + u.systemCPUTime, u.maxRSS] + '\\n'); })";
const PLAIN_LOOP = `
const { readFileSync } = require('node:fs');
const { createHash } = require('node:crypto');
const files = JSON.parse(readFileSync(0, 'utf8'));
let n = 0;
for (const f of files) { createHash('sha256').update(readFileSync(f)).digest('hex'); n++; }
process.stdout.write(String(n));
`;

/** Default settings: none of the caller's DOC_INGEST_* reaches the command line (as `npm run trial`). */
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('DOC_INGEST_') && k !== 'GITHUB_ACTIONS'));

interface DryRun {
  ms: number;
  cpuMs: number;
  peakMb: number;
  files: string[];
}

function dryRun(site: string): Promise<DryRun> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const args = ['--max-old-space-size=4096', `--import=data:text/javascript,${encodeURIComponent(USAGE)}`, CLI, 'ingest', '--dry-run', '--json', '--root', site];
    execFile(process.execPath, args, { cwd: site, env, maxBuffer: 1 << 28 }, (error, stdout, stderr) => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      // A dry run with failed pages exits non-zero and still prints its report: the figure is the reading.
      let report: { files: { path: string }[] };
      try {
        report = JSON.parse(stdout) as typeof report;
      } catch {
        reject(new Error(`dry run of ${site} printed no JSON (${error?.message ?? 'exit 0'}): ${stderr.slice(-500)}`));
        return;
      }
      const [cpuUs, kb] = (/bench-usage=(\d+),(\d+)/.exec(stderr) ?? []).slice(1).map(Number);
      const files = report.files.map((f) => path.join(site, f.path));
      if (cpuUs === undefined || kb === undefined) {
        reject(new Error(`dry run of ${site} printed no usage line: ${stderr.slice(-500)}`));
        return;
      }
      resolve({ ms, cpuMs: cpuUs / 1000, peakMb: kb / 1024, files });
    });
  });
}

/** The generators `doc-ingest site` finds in the checkout (mkdocs, docusaurus, mintlify). */
function generators(site: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [CLI, 'site', '--json', '--root', site], { cwd: site, env, maxBuffer: 1 << 26 }, (error, stdout, stderr) => {
      try {
        resolve((JSON.parse(stdout) as { sites: { generator: string }[] }).sites.map((s) => s.generator));
      } catch {
        reject(new Error(`doc-ingest site in ${site} printed no JSON (${error?.message ?? 'exit 0'}): ${stderr.slice(-500)}`));
      }
    });
  });
}

function plainLoop(files: readonly string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = execFile(process.execPath, ['-e', PLAIN_LOOP], { maxBuffer: 1 << 20 }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`plain loop: ${stderr || error.message}`));
      else resolve(Number(process.hrtime.bigint() - start) / 1e6);
    });
    child.stdin!.end(JSON.stringify(files));
  });
}

export function benchSites(): string[] {
  return (process.env.BENCH_SITES ?? '').split(',').map((s) => s.trim()).filter(Boolean).map((s) => path.resolve(s));
}

export async function sitesSection(results: Results, rounds: number): Promise<void> {
  const sites = benchSites();
  if (!sites.length) {
    console.error('  no BENCH_SITES: real sites skipped (name checkouts, comma-separated, to measure them)');
    return;
  }
  await ensurePackaged(); // the production dist/cli.js, as installed
  for (const site of sites) {
    const name = path.basename(site);
    const first = await dryRun(site); // warms the disk cache and lists the files the plain loop reads
    await plainLoop(first.files);
    const runs: DryRun[] = [];
    const loops: number[] = [];
    for (let r = 0; r < rounds; r++) {
      runs.push(await dryRun(site));
      loops.push(await plainLoop(first.files));
      console.error(`  ${name}: round ${r + 1}/${rounds} done`);
    }
    const count = first.files.length;
    const kinds = await generators(site);
    const mdxSite = kinds.some((k) => k !== 'mkdocs');
    const key = name.replace(/[^\w-]/g, '_');
    results.add('sites', `${key}.filesPerSecond`, {
      name: `${name} (${kinds.join(', ') || 'no site config'}, ${count} files): dry run, files per second`,
      figure: figure(runs.map((r) => count / (r.ms / 1000)), 'files/s', 'doc-ingest ingest --dry-run --json, the production build, a fresh process per round, default settings'),
      goal: mdxSite ? '>= 300' : '>= 1000',
    });
    results.add('sites', `${key}.filesPerCpuSecond`, {
      name: `${name}: the same per CPU second of the dry run (its own user + system time, which load moves less than wall time)`,
      figure: figure(runs.map((r) => count / (r.cpuMs / 1000)), 'files/s'),
    });
    results.add('sites', `${key}.plainLoop`, { name: `${name}: read and hash the same files in a plain loop`, figure: figure(loops, 'ms', 'a fresh node process; the baseline of the ratio below') });
    results.add('sites', `${key}.ratioVsPlainLoop`, { name: `${name}: dry run / plain loop`, figure: ratio(runs.map((r) => r.ms), loops) });
    results.add('sites', `${key}.peakRss`, { name: `${name}: peak RSS of the dry run`, figure: figure(runs.map((r) => r.peakMb), 'MB') });
  }
}
