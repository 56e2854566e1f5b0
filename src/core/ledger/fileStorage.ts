/**
 * The ledger as a JSON file (the command line's storage).
 *
 * - A write goes to a temporary file beside the target, flushed to disk, then renamed over it: a crash or a full
 *   disk mid-write leaves the previous ledger whole, never half a JSON document.
 * - Two processes may share the file (two runs in one repository): under a lock file, a write merges what this
 *   process recorded with what the file holds now (see merge.ts), so neither drops the other's records.
 * - A file this version cannot read whole (not JSON, damaged, a newer format) is never replaced: it is moved
 *   aside (`ledger.json.damaged-<time>`, `ledger.json.v2`), what could be read goes on, and `onSetAside` says so.
 */
import { randomBytes } from 'node:crypto';
import { constants, readFileSync } from 'node:fs';
import * as nodeFs from 'node:fs/promises';
import path from 'node:path';
import { withFileLock } from './fileLock';
import { mergeLedgerData } from './merge';
import { emptyLedgerData, parseLedgerData } from './schema';
import type { LedgerData } from './schema';
import type { LedgerStorage } from './storage';
import { unreadableConsequence, unreadableLedger } from './unreadable';
import type { UnreadableLedger } from './unreadable';
import * as l10n from '@vscode/l10n';

/** The few file operations the storage needs; injectable so that tests can interrupt a write. */
export interface LedgerFileSystem {
  readFile(file: string, encoding: 'utf8'): Promise<string>;
  writeFile(file: string, data: string, options: { encoding: 'utf8'; flush: boolean }): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  copyFile(from: string, to: string, mode: number): Promise<void>;
  rm(file: string, options: { force: boolean }): Promise<void>;
  mkdir(dir: string, options: { recursive: true }): Promise<unknown>;
}

export interface FileLedgerOptions {
  /** A sentence naming the file that was set aside and where it is kept; called once per file set aside. */
  onSetAside?(notice: string): void;
}

/**
 * Node's file system, with the ledger read in one synchronous call: a ledger of 5,000 entries is 2 MB, which the
 * promise-based read takes in 512 KB rounds through libuv's thread pool, 3 to 10 times as long on a loaded machine.
 */
const nodeLedgerFs: LedgerFileSystem = {
  readFile: async (file, encoding) => readFileSync(file, encoding),
  writeFile: (file, data, options) => nodeFs.writeFile(file, data, options),
  rename: (from, to) => nodeFs.rename(from, to),
  copyFile: (from, to, mode) => nodeFs.copyFile(from, to, mode),
  rm: (file, options) => nodeFs.rm(file, options),
  mkdir: (dir, options) => nodeFs.mkdir(dir, options),
};

export function jsonFileLedgerStorage(filePath: string, fs: LedgerFileSystem = nodeLedgerFs, options: FileLedgerOptions = {}): LedgerStorage {
  /** The data as this process last read or wrote it: the common ancestor of the next merge. */
  let base: LedgerData = emptyLedgerData();
  /** The file as this process last wrote it: while no one else wrote since, it need not be parsed again. */
  let written: { text: string; data: LedgerData } | undefined;
  const locked = async <T>(fn: () => Promise<T>): Promise<T> => {
    await fs.mkdir(path.dirname(filePath), { recursive: true });
    return withFileLock(`${filePath}.lock`, fn);
  };

  /** The file's data, or why it cannot be read whole; undefined when there is no file. */
  const load = async (): Promise<{ data: LedgerData } | { unreadable: UnreadableLedger } | undefined> => {
    let text: string;
    try {
      text = await fs.readFile(filePath, 'utf8');
    } catch (error) {
      // No file yet: nothing was ever ingested from here, which is not a problem worth a log line.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    if (text === written?.text) return { data: written.data };
    let raw: unknown;
    try {
      raw = JSON.parse(text) as unknown;
    } catch {
      return { unreadable: { label: 'damaged', what: l10n.t('is not valid JSON'), salvaged: emptyLedgerData() } };
    }
    const parsed = parseLedgerData(raw);
    const unreadable = unreadableLedger(raw, parsed);
    return unreadable ? { unreadable } : { data: parsed.data };
  };

  /** The file's data now, under the lock: a file that cannot be read whole is set aside, its readable part written back. */
  const current = async (): Promise<LedgerData> => {
    const loaded = await load();
    if (!loaded) return emptyLedgerData();
    if ('data' in loaded) return loaded.data;
    const { unreadable } = loaded;
    const kept = await setAside(unreadable.label);
    await replace(unreadable.salvaged);
    options.onSetAside?.(l10n.t('The ledger {0} {1}: it is kept as {2}, and {3}.', filePath, unreadable.what, kept, unreadableConsequence(unreadable)));
    return unreadable.salvaged;
  };

  /** Moves the file to `<file>.<label>`, or a name with the time when that is taken: never over another file. */
  const setAside = async (label: string): Promise<string> => {
    const time = new Date().toISOString().replace(/[:.]/g, '-');
    const names = label === 'damaged' ? [`damaged-${time}`] : [label, `${label}-${time}`];
    for (let i = 0; ; i++) {
      const target = `${filePath}.${names[i] ?? `${names.at(-1)}-${i}`}`;
      try {
        await fs.copyFile(filePath, target, constants.COPYFILE_EXCL);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
        throw error;
      }
      await fs.rm(filePath, { force: true });
      return target;
    }
  };

  const replace = async (data: LedgerData): Promise<void> => {
    // Same folder as the target: a rename within one file system replaces the file in one step.
    const temp = `${filePath}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    const text = `${JSON.stringify(data)}\n`;
    try {
      await fs.writeFile(temp, text, { encoding: 'utf8', flush: true });
      await fs.rename(temp, filePath);
      written = { text, data };
    } catch (error) {
      await fs.rm(temp, { force: true }).catch(() => undefined);
      throw error;
    }
  };

  return {
    async read() {
      // Without the lock while the file reads whole (a rename replaces it in one step): a read-only command such as
      // preview creates nothing.
      const loaded = await load();
      base = !loaded ? emptyLedgerData() : 'data' in loaded ? loaded.data : await locked(current);
      return base;
    },
    write: (data: LedgerData) =>
      locked(async () => {
        await replace(mergeLedgerData(base, data, await current()));
        base = data;
      }),
  };
}
