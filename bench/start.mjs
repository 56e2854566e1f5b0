// `npm run bench`: compiles, then runs out/bench/run.js, which reports the wall time of the whole (this included).
import { execFileSync } from 'node:child_process';

const started = Date.now();
execFileSync('npm', ['run', 'compile-tests'], { stdio: 'inherit', shell: process.platform === 'win32' });
execFileSync(process.execPath, ['out/bench/run.js'], { stdio: 'inherit', env: { ...process.env, BENCH_STARTED_MS: String(started) } });
