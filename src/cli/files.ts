/**
 * The files an `ingest` takes, from what was typed: nothing (the include globs under the root), files (taken as
 * named), folders (the include globs inside them) or quoted globs (relative to the current folder). The exclude
 * globs apply to everything but a file named outright. Same globs, same files as the editor's batch.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { glob, isDynamicPattern } from 'tinyglobby';
import type { BatchFile } from '../core/batch';
import { sourceKey } from '../core/identity';
import type { CliConfig } from './config';
import { UsageError } from './usageError';

export async function listFiles(args: readonly string[], config: Pick<CliConfig, 'root' | 'include' | 'exclude'>, cwd: string): Promise<BatchFile[]> {
  const found = new Map<string, BatchFile>();
  const add = (absolute: string) => {
    const file = batchFile(absolute, config.root);
    found.set(file.key, file);
  };
  const underRoot = (patterns: string[], within = config.root) => matches(patterns, config, within);
  if (!args.length) {
    for (const f of await underRoot(config.include)) add(f);
  }
  for (const arg of args) {
    const absolute = path.resolve(cwd, arg);
    const kind = statKind(absolute);
    if (kind === 'file') {
      inside(absolute, config.root, arg);
      add(absolute);
    } else if (kind === 'directory') {
      inside(absolute, config.root, arg);
      for (const f of await underRoot(config.include, absolute)) add(f);
    } else if (isDynamicPattern(arg)) {
      const hits = await glob(arg, { cwd, absolute: true, dot: true, onlyFiles: true, ignore: config.exclude, expandDirectories: false });
      for (const f of hits) {
        inside(f, config.root, arg);
        add(path.normalize(f));
      }
    } else {
      throw new UsageError(`${arg}: no such file or folder.`);
    }
  }
  return [...found.values()].sort((a, b) => (a.relativePath < b.relativePath ? -1 : a.relativePath > b.relativePath ? 1 : 0));
}

/** The files under `within` that match `patterns` (relative to the root) and not the exclude globs. */
async function matches(patterns: string[], config: Pick<CliConfig, 'root' | 'exclude'>, within: string): Promise<string[]> {
  if (!patterns.length) return [];
  const hits = await glob(patterns, { cwd: config.root, absolute: true, dot: true, onlyFiles: true, ignore: config.exclude, expandDirectories: false });
  const prefix = within === config.root ? undefined : within + path.sep;
  return hits.map((h) => path.normalize(h)).filter((h) => !prefix || h.startsWith(prefix));
}

export function batchFile(absolutePath: string, root: string): BatchFile {
  const relativePath = path.relative(root, absolutePath).split(path.sep).join('/');
  // One root: the source key is the path, as the editor's with one workspace folder.
  return { key: absolutePath, relativePath, source: sourceKey({ path: relativePath }), root, absolutePath };
}

function statKind(p: string): 'file' | 'directory' | undefined {
  try {
    const s = statSync(p);
    return s.isDirectory() ? 'directory' : s.isFile() ? 'file' : undefined;
  } catch {
    return undefined;
  }
}

function inside(absolute: string, root: string, typed: string): void {
  const rel = path.relative(root, absolute);
  if (rel.startsWith('..') || path.isAbsolute(rel)) {
    throw new UsageError(`${typed} is outside the repository root ${root}: document ids are paths relative to the root. Run from inside it, or give --root.`);
  }
}
