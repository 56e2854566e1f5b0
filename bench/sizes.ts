/**
 * Section 7: the size of every bundle `npm run build` writes (dist/*.js), of the packaged .vsix
 * (`npm run package`, which builds first), and the activation time an extension-host test recorded.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Results } from './results';
import { figure } from './stats';

const root = path.resolve(__dirname, '../..');
/** Written by test/integration/suite/activation.test.ts. */
export const ACTIVATION_FILE = path.join(root, 'test-results', 'activation.json');

export function sizesSection(results: Results): void {
  const started = process.hrtime.bigint();
  execFileSync('npm', ['run', 'package'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const packageSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  const dist = path.join(root, 'dist');
  const kb = (file: string) => statSync(path.join(dist, file)).size / 1024;
  // Every bundle the build makes (the extension, and the command line once it exists), whatever their names.
  for (const file of readdirSync(dist).filter((f) => f.endsWith('.js') || f.endsWith('.vsix')).sort()) {
    results.add('size', file, { name: file, figure: { ...figure([kb(file)], 'KB'), note: 'one measurement: a size does not vary' } });
  }
  results.note('size', 'packageSeconds', { value: Math.round(packageSeconds), unit: 's', note: 'npm run package (production build + vsix), part of this benchmark' });
  if (existsSync(ACTIVATION_FILE)) {
    const recorded = JSON.parse(readFileSync(ACTIVATION_FILE, 'utf8')) as { activationMs: number; recordedAt: string; vscode: string };
    results.add('activation', 'ms', {
      name: `activation in the extension host (VS Code ${recorded.vscode}, recorded ${recorded.recordedAt.slice(0, 10)})`,
      figure: { ...figure([recorded.activationMs], 'ms'), note: `recorded by the extension-host test at ${recorded.recordedAt}` },
    });
  } else {
    results.note('activation', 'ms', {
      missing: true,
      how: 'npm run test:integration (needs the VS Code harness, see test/integration/README.md) writes test-results/activation.json; npm run bench then reads it',
    });
  }
}
