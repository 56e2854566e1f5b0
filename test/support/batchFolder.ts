/** Batch tests: Markdown files in a temporary folder, read the way the command line will (Node's file system). */
import path from 'node:path';
import type { BatchFile, BatchOptions } from '../../src/core/batch';
import type { ServiceClient } from '../../src/core/api';
import { nodeFileAccess } from '../../src/core/batch';
import type { Harness } from './serviceHarness';
import { makeTempFolder, removeFolder, writeIn } from './tempFolder';

/** The smallest valid PNG (1x1): what a test's image files are made of. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

export interface Folder {
  root: string;
  files: BatchFile[];
  write(relativePath: string, content: string | Uint8Array): Promise<BatchFile>;
  remove(): Promise<void>;
}

export async function makeFolder(): Promise<Folder> {
  const root = await makeTempFolder('doc-ingest-batch-');
  const folder: Folder = {
    root,
    files: [],
    async write(relativePath, content) {
      const absolutePath = path.join(root, relativePath);
      await writeIn(root, relativePath, content);
      const file = { key: absolutePath, relativePath, source: relativePath, root, absolutePath };
      folder.files.push(file);
      return file;
    },
    remove: () => removeFolder(root),
  };
  return folder;
}

/**
 * A fresh temporary folder for each test of the suite, removed after it. Registered before the suite's own
 * `beforeEach`, so those find the folder made.
 */
export function useFreshFolder(): Folder {
  let current: Folder | undefined;
  beforeEach(async () => {
    current = await makeFolder();
  });
  afterEach(() => current?.remove());
  const now = (): Folder => {
    if (current === undefined) throw new Error('useFreshFolder: the folder exists only while a test runs');
    return current;
  };
  return {
    get root() { return now().root; },
    get files() { return now().files; },
    write: (relativePath, content) => now().write(relativePath, content),
    remove: () => now().remove(),
  };
}

/**
 * `useFreshFolder`, with the service answering at once (the suites that run the batch or the command line against
 * `useService`).
 */
export function useFolder(h: Pick<Harness, 'service'>): Folder {
  const folder = useFreshFolder();
  beforeEach(() => h.service.setIngestLatency(0));
  return folder;
}

/** `count` small Markdown documents `doc-N.md`, each with a heading and a paragraph. */
export async function writeDocs(folder: Folder, count: number, prefix = 'doc'): Promise<void> {
  for (let i = 0; i < count; i++) {
    await folder.write(`${prefix}-${i}.md`, `# ${prefix} ${i}\n\nText of ${prefix} ${i}.\n\n## Details\n\nMore about ${i}.\n`);
  }
}

/** Batch options reading from disk, as the command line does; `extra` overrides. */
export function diskBatch(client: ServiceClient, server: string, files: readonly BatchFile[], extra: Partial<BatchOptions> = {}): BatchOptions {
  return {
    client,
    server,
    files,
    ...nodeFileAccess(),
    config: () => ({ idPrefix: '' }),
    ...extra,
  };
}
