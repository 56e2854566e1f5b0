/**
 * Figures of the benchmark: every one a median over interleaved rounds, with its min, max and unit, so a
 * burst of load on a shared machine shows as a wide range instead of a wrong number.
 */

export interface Figure {
  value: number;
  unit: string;
  min: number;
  max: number;
  rounds: number;
  /** How the figure was obtained when that is not obvious (a sample extrapolated, a baseline...). */
  note?: string;
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : ((s[mid - 1]! + s[mid]!) / 2);
}

export function figure(samples: readonly number[], unit: string, note?: string): Figure {
  if (samples.length === 0) throw new Error('a figure needs at least one sample');
  const f: Figure = { value: median(samples), unit, min: Math.min(...samples), max: Math.max(...samples), rounds: samples.length };
  if (note !== undefined) f.note = note;
  return f;
}

/**
 * A comparison: `numerator[i] / denominator[i]` per round (both measured in the same round, so load hits both
 * alike), then the median of those ratios.
 */
export function ratio(numerator: readonly number[], denominator: readonly number[], note?: string): Figure {
  const per = numerator.map((n, i) => n / denominator[i]!);
  return figure(per, 'x', note);
}

/** Milliseconds `run` takes. */
export async function timeMs(run: () => unknown): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Milliseconds per call of a synchronous `run` over `repeat` calls (the median call: GC pauses fall outside). */
export function perCallMs(run: () => unknown, repeat: number): number {
  const samples: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const start = process.hrtime.bigint();
    run();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(samples);
}

/** Starts the clock: wall time and this process's CPU time from now. */
export function clock(): () => { ms: number; cpuMs: number } {
  const start = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(cpu);
    return { ms: Number(process.hrtime.bigint() - start) / 1e6, cpuMs: (used.user + used.system) / 1000 };
  };
}
