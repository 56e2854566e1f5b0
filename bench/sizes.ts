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
  const one = (value: number, note = 'one measurement: a size does not vary') => ({ ...figure([value], 'KB'), note });
  // Every entry bundle the build makes and the .vsix, whatever their names; the chunks loaded on first use
  // (dist/cli/, dist/extension/) as one figure per folder.
  for (const file of readdirSync(dist).filter((f) => /\.(m?js|vsix)$/.test(f)).sort()) {
    results.add('size', file, { name: file, figure: one(kb(file)) });
  }
  for (const dir of readdirSync(dist, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()) {
    const files = readdirSync(path.join(dist, dir)).filter((f) => f.endsWith('.mjs'));
    const total = files.reduce((n, f) => n + kb(path.join(dir, f)), 0);
    results.add('size', `${dir}/`, { name: `${dir}/*.mjs (${files.length} files, loaded on first use)`, figure: one(total) });
  }
  results.note('size', 'packageSeconds', { value: Math.round(packageSeconds), unit: 's', note: 'npm run package (production build + vsix), part of this benchmark' });
}
