/** What `npm run bench` prints and writes: one row per figure, grouped by section, and `bench/results.json`. */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Figure } from './stats';

export interface Row {
  name: string;
  figure: Figure;
  /** A goal the figure is held to, shown beside it, e.g. `>= 0.9`. */
  goal?: string;
}

export class Results {
  private readonly sections = new Map<string, Record<string, unknown>>();
  private readonly rows: { section: string; row: Row }[] = [];

  /** Adds a figure under `section` at `key` (dots nest: `n1000At100ms.ratioVsRaw`) with a table row. */
  add(section: string, key: string, row: Row): void {
    this.set(section, key, row.goal ? { ...row.figure, goal: row.goal } : row.figure);
    this.rows.push({ section, row });
  }

  /** Adds a fact that is no measured figure (a count, an explanation, the machine). */
  note(section: string, key: string, value: unknown): void {
    this.set(section, key, value);
  }

  /** A figure added in this run, by its section and dotted key; undefined when this run did not measure it. */
  figureAt(section: string, key: string): Figure | undefined {
    let at: unknown = this.sections.get(section);
    for (const name of key.split('.')) at = (at as Record<string, unknown> | undefined)?.[name];
    return at !== null && typeof at === 'object' && 'value' in at ? (at as Figure) : undefined;
  }

  private set(section: string, key: string, value: unknown): void {
    const names = key.split('.');
    let at = this.at(section);
    for (const name of names.slice(0, -1)) at = (at[name] ??= {}) as Record<string, unknown>;
    at[names[names.length - 1]!] = value;
  }

  private at(section: string): Record<string, unknown> {
    let s = this.sections.get(section);
    if (!s) this.sections.set(section, (s = {}));
    return s;
  }

  table(): string {
    const lines = ['| section | figure | median | min - max | goal |', '|---|---|---:|---:|---|'];
    for (const { section, row } of this.rows) {
      const f = row.figure;
      lines.push(`| ${section} | ${row.name} | ${fmt(f.value)} ${f.unit} | ${fmt(f.min)} - ${fmt(f.max)} | ${row.goal ?? ''} |`);
    }
    return lines.join('\n');
  }

  /** Writes the sections measured; with `keepOthers` (some sections only), the file's other sections and figures stay. */
  write(path: string, keepOthers = false): void {
    let kept: Record<string, unknown> = {};
    if (keepOthers) {
      try {
        kept = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
      } catch {
        kept = {};
      }
    }
    // A partial run may measure part of a section (BENCH_BATCH_ZERO_ONLY): its figures replace theirs, the rest stay.
    const merged: Record<string, unknown> = { ...kept };
    for (const [name, section] of this.sections) merged[name] = { ...(kept[name] as Record<string, unknown> | undefined), ...section };
    writeFileSync(path, `${JSON.stringify(merged, null, 2)}\n`);
  }
}

function fmt(n: number): string {
  if (Number.isInteger(n)) return String(n);
  const abs = Math.abs(n);
  return n.toFixed(abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3);
}
