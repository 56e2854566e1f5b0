/**
 * `npm run bench`: the figures a user can read before trusting the tool with a docs repository of thousands of
 * files. Prints a table and writes bench/results.json; each figure is a median over interleaved rounds with its
 * min and max, and each comparison a ratio measured in the same run. See docs/performance.md.
 *
 * BENCH_ROUNDS (default 5) sets the rounds; BENCH_ONLY=documents,batch,changed,polling,findability,size,startup,sites runs some sections
 * only (and keeps the other sections of bench/results.json as they were); startup is both cliStart (the command
 * line's start, `check`) and activation (the packaged extension in code-server), each of which can be named alone.
 * sites measures the real docs-site checkouts named in BENCH_SITES (comma-separated folders), and is skipped without.
 */
import { cpus } from 'node:os';
import path from 'node:path';
import { batchSections } from './batch';
import { changedSection } from './changed';
import { documentsSection } from './documents';
import { findabilitySection } from './findability';
import { issue37Goals } from './goals';
import { pollingSections } from './polling';
import { Results } from './results';
import { startServiceOnThread } from './serviceThread';
import { sitesSection } from './sites';
import { sizesSection } from './sizes';
import { activationSection, cliStartSection } from './startup';

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const ONLY = process.env.BENCH_ONLY?.split(',');
const wanted = (name: string) => !ONLY || ONLY.includes(name);

async function main(): Promise<void> {
  const startedAt = Date.now();
  const results = new Results();
  results.note('machine', 'cpus', cpus().length);
  results.note('machine', 'cpuModel', cpus()[0]?.model ?? 'unknown');
  results.note('machine', 'node', process.version);
  results.note('machine', 'platform', `${process.platform} ${process.arch}`);
  results.note('machine', 'rounds', ROUNDS);
  results.note('machine', 'date', new Date().toISOString());
  if (ONLY) results.note('machine', 'sectionsOfThisRun', ONLY.join(', '));
  if (wanted('documents')) {
    console.error('documents...');
    await documentsSection(results, ROUNDS);
  }
  if (wanted('changed')) {
    console.error('a run with nothing to send (section 4)...');
    await changedSection(results, ROUNDS);
  }
  if (wanted('sites')) {
    console.error('real docs sites (section 10)...');
    await sitesSection(results, ROUNDS);
  }
  const service = await startServiceOnThread();
  try {
    if (wanted('batch')) {
      console.error('batch (sections 1-3)...');
      await batchSections(results, service, ROUNDS);
    }
    if (wanted('polling')) {
      console.error('status polling and connector files (sections 5-6)...');
      await pollingSections(results, service, ROUNDS);
    }
    if (wanted('findability')) {
      console.error('is it findable? (section 9)...');
      await findabilitySection(results, service, ROUNDS);
    }
    if (wanted('startup') || wanted('cliStart')) {
      console.error('command-line start (section 8)...');
      await cliStartSection(results, service, ROUNDS);
    }
  } finally {
    await service.stop();
  }
  if (wanted('size')) {
    console.error('size (section 7)...');
    await sizesSection(results);
  }
  if (wanted('startup') || wanted('activation')) {
    console.error('activation of the packaged extension in code-server (section 8)...');
    await activationSection(results, ROUNDS);
  }
  const since = process.env.BENCH_STARTED_MS ? Number(process.env.BENCH_STARTED_MS) : startedAt;
  results.note('machine', 'wallSeconds', { value: Math.round((Date.now() - since) / 1000), unit: 's', note: process.env.BENCH_STARTED_MS ? 'the whole npm run bench, compiling included' : 'this process only (run without npm run bench)' });
  console.log(results.table());
  const goals = issue37Goals(results);
  if (goals.length) console.log(`\n${goals.join('\n')}`);
  results.write(path.join(__dirname, '../../bench/results.json'), !!ONLY);
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
