// The user-file status machine: PROCESSING -> COMPLETED, or FAILED when the name contains "fail"; with the
// indexing phase (observed "lite" deployments) PROCESSING -> INDEXING -> COMPLETED. Timers are unref'd and
// cleared on close; a manual status change cancels the file's timer.
import { chunksFor, type Store } from './store';
import type { UserFileRecord, UserFileStatus } from './types';

export interface ProcessingOptions {
  autoProcess: boolean;
  processingMs: number;
  indexingPhase: boolean;
}

export class UserFileProcessor {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly store: Store, private readonly options: ProcessingOptions) {}

  /** Called for every new user file: schedules its next step when it is PROCESSING. */
  started(file: UserFileRecord): void {
    if (this.options.autoProcess && file.status === 'PROCESSING') this.schedule(file.id);
  }

  private schedule(id: string): void {
    const timer = setTimeout(() => {
      this.timers.delete(id);
      this.step(id);
    }, this.options.processingMs);
    timer.unref();
    this.timers.set(id, timer);
  }

  private step(id: string): void {
    const file = this.store.userFiles.get(id);
    if (!file) return;
    const fails = /fail/i.test(file.name);
    if (file.status === 'PROCESSING' && this.options.indexingPhase && !fails) {
      this.apply(file, 'INDEXING');
      this.schedule(id);
    } else if (file.status === 'PROCESSING' || file.status === 'INDEXING') {
      this.apply(file, fails ? 'FAILED' : 'COMPLETED');
    }
  }

  private apply(file: UserFileRecord, status: UserFileStatus): void {
    file.status = status;
    if (status === 'COMPLETED') {
      file.tokenCount = Math.ceil(file.size / 4);
      file.chunkCount = chunksFor(file.tokenCount);
    }
  }

  /** Sets a status by hand (tests), cancelling any pending step of that file. */
  set(id: string, status: UserFileStatus): void {
    const file = this.store.userFiles.get(id);
    if (!file) throw new Error(`no user file ${id}`);
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
    this.apply(file, status);
  }

  close(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}
