// `npm run trial -- <site checkout>... [--json]`: how the built command line (dist/) does on real docs sites
// (issue 35, F18). Real sites are never in this repository: clone one anywhere and name its folder. Per site:
//   1. `doc-ingest site --json`: the pages its config publishes, as our site reader understands it;
//   2. `doc-ingest ingest --dry-run --json` twice, in a child process of its own (timed, its peak RSS measured);
//   3. `doc-ingest preview` of every sendable file, in this process: the built sections, scanned for markup a
//      reader never sees, and their addresses and breadcrumbs.
// Default settings, the checkout as --root, no server, no key: nothing is sent, nothing written in the checkout.
// Exits non-zero only when the trial itself fails; a site's failures are figures.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { figures, formatSite } from './trial-count.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(repo, 'dist/cli.js');
const USAGE = 'Usage: npm run trial -- <site checkout>... [--json]\n';

// Default settings: none of the caller's DOC_INGEST_* (or CI annotations) reaches the command line.
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('DOC_INGEST_') && k !== 'GITHUB_ACTIONS'));
env.NO_COLOR = '1';

// A big site's report is one JSON object of a few MB, and the build holds every page: room beyond Node's default.
const CHILD_MEMORY_MB = 4096;
// Node's own measure of the child's peak RSS, written as the child exits (the parent cannot ask the OS for it).
const PEAK_RSS = `process.on('exit', () => process.stderr.write('\\ntrial-peak-rss-kb=' + process.resourceUsage().maxRSS + '\\n'))`;
// Previews run in this process, a few at once: each lists the tree for its link targets, which waits on the disk.
const PREVIEW_CONCURRENCY = 4;

const progress = (text) => process.stderr.write(`trial: ${text}\n`);

/** Runs node with `args` in `cwd`; stdout kept whole, stderr line by line to `onLine`. */
function runNode(args, cwd, onLine = () => {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    let rest = '';
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      lines.forEach(onLine);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (rest) onLine(rest);
      resolve({ code, stdout: Buffer.concat(out).toString('utf8') });
    });
  });
}

/** The output of a command line run as JSON, or a failure of the trial that says what came instead. */
function parseJson(what, run, stderr) {
  try {
    return JSON.parse(run.stdout);
  } catch {
    throw new Error(`${what} printed no JSON (exit ${run.code}): ${stderr.slice(-5).join(' | ') || run.stdout.slice(0, 300)}`);
  }
}

async function siteJson(root) {
  const stderr = [];
  const run = await runNode([cli, 'site', '--json', '--root', root], root, (l) => stderr.push(l));
  return parseJson('doc-ingest site', run, stderr);
}

/** One dry run: its report, wall time, peak RSS and the config warnings it printed. */
async function dryRun(root, label) {
  const stderr = [];
  let peakKb;
  const started = performance.now();
  const run = await runNode(
    [`--max-old-space-size=${CHILD_MEMORY_MB}`, `--import=data:text/javascript,${encodeURIComponent(PEAK_RSS)}`, cli, 'ingest', '--dry-run', '--json', '--root', root],
    root,
    (line) => {
      const rss = /^trial-peak-rss-kb=(\d+)$/.exec(line);
      if (rss) peakKb = Number(rss[1]);
      else if (/^doc-ingest: \d+\/\d+ files$/.test(line)) progress(`${label}: ${line.slice('doc-ingest: '.length)}`);
      else if (line) stderr.push(line);
    },
  );
  const seconds = (performance.now() - started) / 1000;
  const report = parseJson('doc-ingest ingest --dry-run --json', run, stderr);
  const warnings = stderr.filter((l) => l.includes(': warning: ')).map((l) => l.replace(/^doc-ingest: /, ''));
  return { report, seconds, peakRssMB: peakKb === undefined ? undefined : Math.round(peakKb / 1024), warnings };
}

/** What `preview` builds of each file: `{ path, document }`, or `{ path, error }` when it prints no body. */
async function previews(root, paths, label) {
  const { main } = await import(path.join(repo, 'dist/cli/main.mjs'));
  const pages = new Array(paths.length);
  let next = 0;
  let done = 0;
  let shown = performance.now();
  const worker = async () => {
    while (next < paths.length) {
      const i = next++;
      let out = '';
      let err = '';
      const io = {
        stdout: { write: (t) => { out += t; }, isTTY: false },
        stderr: { write: (t) => { err += t; }, isTTY: false },
        env,
        cwd: root,
        onInterrupt() {},
        exit(code) { throw new Error(`preview called exit(${code})`); },
      };
      const code = await main(['preview', paths[i], '--root', root, '--compact'], io);
      pages[i] = code === 0 ? { path: paths[i], document: JSON.parse(out).document } : { path: paths[i], error: err.replace(/^doc-ingest: /, '').trim() };
      done++;
      if (performance.now() - shown > 5000) {
        shown = performance.now();
        progress(`${label}: built ${done}/${paths.length} pages`);
      }
    }
  };
  await Promise.all(Array.from({ length: PREVIEW_CONCURRENCY }, worker));
  return pages;
}

async function commitOf(root) {
  const run = await new Promise((resolve) => {
    const child = spawn('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.on('error', () => resolve(''));
    child.on('close', (code) => resolve(code === 0 ? out.trim() : ''));
  });
  return run || undefined;
}

async function trial(root) {
  const name = path.basename(root);
  const facts = { name, root, commit: await commitOf(root) };
  try {
    progress(`${name}: reading the site's config`);
    const site = await siteJson(root);
    progress(`${name}: dry run 1 of 2`);
    const first = await dryRun(root, name);
    progress(`${name}: dry run 2 of 2`);
    const second = await dryRun(root, name);
    const sendable = first.report.files.filter((f) => f.outcome === 'wouldSend').map((f) => f.path);
    progress(`${name}: building ${sendable.length} sendable pages`);
    const pages = await previews(root, sendable, name);
    return {
      ...facts,
      ...figures({ site, report: first.report, pages }),
      secondWouldSend: second.report.totals.wouldSend,
      seconds: first.seconds,
      filesPerSecond: first.report.files.length / first.seconds,
      peakRssMB: Math.max(first.peakRssMB ?? 0, second.peakRssMB ?? 0) || undefined,
      warnings: first.warnings,
    };
  } catch (e) {
    return { ...facts, error: e instanceof Error ? e.message : String(e) };
  }
}

const args = process.argv.slice(2);
// `npm run` starts scripts in the repository: a relative checkout is relative to where npm was typed.
const here = process.env.INIT_CWD ?? process.cwd();
const json = args.includes('--json');
const roots = args.filter((a) => a !== '--json');
if (!roots.length || roots.some((a) => a.startsWith('-'))) {
  process.stderr.write(USAGE);
  process.exit(2);
}
for (const r of roots.map((r) => path.resolve(here, r))) {
  if (!existsSync(r) || !statSync(r).isDirectory()) {
    process.stderr.write(`trial: ${r} is not a folder.\n${USAGE}`);
    process.exit(2);
  }
}
if (!existsSync(cli)) {
  process.stderr.write('trial: dist/cli.js is missing: run npm run build:dev (npm run trial does).\n');
  process.exit(2);
}

const results = [];
for (const root of roots) {
  const result = await trial(path.resolve(here, root));
  results.push(result);
  if (!json) process.stdout.write(`${formatSite(result)}\n`);
}
if (json) process.stdout.write(`${JSON.stringify({ version: 1, sites: results }, null, 2)}\n`);
process.exitCode = results.some((r) => r.error) ? 1 : 0;
