/**
 * Section 7: the size of every bundle `npm run build` writes (dist/*.js), of the packaged .vsix
 * (`npm run package`, which builds first). Activation is measured on that .vsix by section 8 (startup.ts).
 */
import { execFile } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Results } from './results';
import { figure } from './stats';

const root = path.resolve(__dirname, '../..');

export const VSIX = path.join(root, 'dist', 'doc-ingest.vsix');

let packaged: Promise<number> | undefined;
/** Runs `npm run package` (production build + .vsix) once per benchmark; answers the seconds it took. */
export function ensurePackaged(): Promise<number> {
  return (packaged ??= new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    execFile('npm', ['run', 'package'], { cwd: root }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`npm run package failed: ${stderr || error.message}`));
      else resolve(Number(process.hrtime.bigint() - started) / 1e9);
    });
  }));
}

export async function sizesSection(results: Results): Promise<void> {
  const packageSeconds = await ensurePackaged();
  const dist = path.join(root, 'dist');
  const kb = (file: string) => statSync(path.join(dist, file)).size / 1024;
  // Every bundle the build makes (the extension, and the command line once it exists), whatever their names.
  for (const file of readdirSync(dist).filter((f) => f.endsWith('.js') || f.endsWith('.vsix')).sort()) {
    results.add('size', file, { name: file, figure: { ...figure([kb(file)], 'KB'), note: 'one measurement: a size does not vary' } });
  }
  results.note('size', 'packageSeconds', { value: Math.round(packageSeconds), unit: 's', note: 'npm run package (production build + vsix), part of this benchmark' });
}
