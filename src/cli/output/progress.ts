import type { BatchProgress } from '../../core/batch';
import type { Output } from '../io';

/**
 * A one-line progress bar on stderr, redrawn at most every 100 ms: `[#####.....] 120/500 files, 2 failed  docs/a.md`.
 * Only for a terminal; in a log (CI) the final table says it all.
 */
export class ProgressBar {
  private last = 0;
  private drawn = false;

  constructor(private readonly out: Output, private readonly label: string) {}

  update(p: BatchProgress): void {
    const now = Date.now();
    if (p.done < p.total && now - this.last < 100) return;
    this.last = now;
    const width = 24;
    const filled = p.total ? Math.round((p.done / p.total) * width) : width;
    const failed = p.failed ? `, ${p.failed} failed` : '';
    const line = `${this.label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${p.done}/${p.total} files${failed}  ${p.current ?? ''}`;
    const columns = Math.max(20, (this.out.columns || 80) - 1);
    this.out.write(`\r\x1b[2K${line.length > columns ? line.slice(0, columns) : line}`);
    this.drawn = true;
  }

  /** Clears the line, so that what follows starts clean. */
  end(): void {
    if (this.drawn) this.out.write('\r\x1b[2K');
    this.drawn = false;
  }
}
