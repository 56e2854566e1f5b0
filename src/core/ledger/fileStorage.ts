/**
 * The ledger as a JSON file (the command line's storage). A write goes to a temporary file beside the target,
 * flushed to disk, then renamed over it: a crash or a full disk mid-write leaves the previous ledger whole,
 * never half a JSON document.
 */
import { randomBytes } from 'node:crypto';
import * as nodeFs from 'node:fs/promises';
import path from 'node:path';
import type { LedgerData } from './schema';
import type { LedgerStorage } from './storage';

/** The few file operations the storage needs; injectable so that tests can interrupt a write. */
export interface LedgerFileSystem {
  readFile(file: string, encoding: 'utf8'): Promise<string>;
  writeFile(file: string, data: string, options: { encoding: 'utf8'; flush: boolean }): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  rm(file: string, options: { force: boolean }): Promise<void>;
  mkdir(dir: string, options: { recursive: true }): Promise<unknown>;
}

export function jsonFileLedgerStorage(filePath: string, fs: LedgerFileSystem = nodeFs): LedgerStorage {
  return {
    async read() {
      let text: string;
      try {
        text = await fs.readFile(filePath, 'utf8');
      } catch (error) {
        // No file yet: nothing was ever ingested from here, which is not a problem worth a log line.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new Error(`${filePath} is not valid JSON`);
      }
    },
    async write(data: LedgerData) {
      await fs.mkdir(path.dirname(filePath), { recursive: true });
      // Same folder as the target: a rename within one file system replaces the file in one step.
      const temp = `${filePath}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await fs.writeFile(temp, `${JSON.stringify(data)}\n`, { encoding: 'utf8', flush: true });
        await fs.rename(temp, filePath);
      } catch (error) {
        await fs.rm(temp, { force: true }).catch(() => undefined);
        throw error;
      }
    },
  };
}
