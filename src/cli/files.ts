/**
 * The files an `ingest` takes, from what was typed: nothing (the include globs under the root), files (taken as
 * named), folders (the include globs inside them) or quoted globs (relative to the current folder). The exclude
 * globs apply to everything but a file named outright. Same globs, same files as the editor's batch.
 *
 * Symbolic links are not followed (neither linked folders nor linked files are listed), so nothing outside the
 * repository is reached and no folder is listed twice through a loop. A path typed through a link is placed by
 * its real folder, and refused when its real path is outside the root.
 *
 * What a publish rule withholds (`.gitignore`, `.docingestignore`, hidden paths: core/files/publishRules.ts) is
 * never listed. A file named outright is an explicit request: only a `.docingestignore` line keeps it back, and
 * then it is kept, marked, and reported skipped with that file and line, so the writer learns why it was not sent.
 * A file named outright, or by an include glob that spells its name, is marked `named`: with docs sites in the
 * root it is taken even when no site publishes it (core/site/detect.ts `factsOf`).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { BatchFile } from '../core/batch';
import { sourceKey } from '../core/identity/sources';
import { isInside } from '../core/files/inside';
import { RootOnDisk } from '../core/files/rootOnDisk';
import { diskRuleReader } from '../core/files/diskRuleReader';
import { PublishRules, withheldSentence } from '../core/files/publishRules';
import { plainWalk } from './plainWalk';
import type { CliConfig } from './config';
import { UsageError } from './usageError';

/**
 * tinyglobby, loaded for a glob `plainWalk` does not take or a glob typed as an argument: the default globs never
 * need it. CommonJS `require` gives what `import` did, and esbuild runs the package's top level at the first call.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const tinyglobby = () => require('tinyglobby') as typeof import('tinyglobby');

export async function listFiles(args: readonly string[], config: Pick<CliConfig, 'root' | 'include' | 'exclude'>, cwd: string): Promise<BatchFile[]> {
  const root = openRoot(config.root);
  const rules = publishRules(config);
  const found = new Map<string, BatchFile>();
  const underTheRoot = batchFilesUnder(config.root);
  /** Listed files a publish rule withholds are not taken; a file named outright is, to be sent or reported skipped. */
  const add = (absolute: string, named = false) => {
    const file = underTheRoot(absolute);
    if (!named && rules.withheld(file.relativePath)) return;
    const keptBack = named ? rules.withheldNamed(file.relativePath) : undefined;
    if (keptBack) file.withheld = { reason: keptBack.reason, error: withheldSentence(file.source, keptBack) };
    if (named || rules.namesFile(file.relativePath)) file.named = true;
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
      add(placed(absolute, root, arg), true);
    } else if (kind === 'directory') {
      for (const f of await underRoot(config.include, placedFolder(absolute, root, arg))) add(f);
    } else if (tinyglobby().isDynamicPattern(arg)) {
      const hits = await tinyglobby().glob(arg, { cwd, absolute: true, dot: true, onlyFiles: true, ignore: config.exclude, expandDirectories: false, followSymbolicLinks: false });
      for (const f of hits) add(placed(path.normalize(f), root, arg));
    } else {
      throw new UsageError(`${arg}: no such file or folder.`);
    }
  }
  return [...found.values()].sort((a, b) => (a.relativePath < b.relativePath ? -1 : a.relativePath > b.relativePath ? 1 : 0));
}

/** The files under `within` that match `patterns` (relative to the root) and not the exclude globs. */
async function matches(patterns: string[], config: Pick<CliConfig, 'root' | 'exclude'>, within: string): Promise<string[]> {
  if (!patterns.length) return [];
  // Relative hits, made absolute by hand: the glob's matchers test shorter strings, and thousands of paths need
  // no normalising when nothing in them can move (a `.` segment falls back to path.join).
  // The usual globs in one walk that skips excluded folders (plainWalk.ts); any other, tinyglobby.
  const hits = plainWalk(config.root, patterns, config.exclude)
    ?? await tinyglobby().glob(patterns, { cwd: config.root, absolute: false, dot: true, onlyFiles: true, ignore: config.exclude, expandDirectories: false, followSymbolicLinks: false });
  const rootPrefix = withSep(config.root);
  const absolute = (h: string) => (DOT_SEGMENT.test(h) ? path.join(config.root, h) : rootPrefix + (path.sep === '/' ? h : h.split('/').join(path.sep)));
  const prefix = within === config.root ? undefined : withSep(within);
  return hits.map(absolute).filter((h) => !prefix || h.startsWith(prefix));
}

/** A `.` or `..` segment: a path with one is normalised the slow way. */
const DOT_SEGMENT = /(^|[\\/])\.{1,2}([\\/]|$)/;

function withSep(folder: string): string {
  return folder.endsWith(path.sep) ? folder : folder + path.sep;
}

/** The publish rules of the repository (F15): its ignore files and the include globs, read from the disk once per listing. */
export function publishRules(config: Pick<CliConfig, 'root' | 'include'>): PublishRules {
  return new PublishRules({ include: config.include, read: diskRuleReader(config.root) });
}

export function batchFile(absolutePath: string, root: string): BatchFile {
  return batchFilesUnder(root)(absolutePath);
}

/** `batchFile` for many files of one root: the root's prefix is made once, not once per file of a listing. */
function batchFilesUnder(root: string): (absolutePath: string) => BatchFile {
  const prefix = withSep(root);
  return (absolutePath) => {
    // Under the root (as every listed file is): the rest of the path, without path.relative's resolving of both.
    const rest = absolutePath.startsWith(prefix) ? absolutePath.slice(prefix.length) : undefined;
    const under = rest !== undefined && !DOT_SEGMENT.test(rest) ? rest : path.relative(root, absolutePath);
    const relativePath = path.sep === '/' ? under : under.split(path.sep).join('/');
    // One root: the source key is the path, as the editor's with one workspace folder.
    return { key: absolutePath, relativePath, source: sourceKey({ path: relativePath }), root, absolutePath };
  };
}

function openRoot(root: string): RootOnDisk {
  try {
    return RootOnDisk.openSync(root);
  } catch {
    throw new UsageError(`The repository root ${root} does not exist. Give an existing folder with --root.`);
  }
}

function statKind(p: string): 'file' | 'directory' | undefined {
  try {
    const s = statSync(p);
    return s.isDirectory() ? 'directory' : s.isFile() ? 'file' : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A typed file as a path under the root's real folders (`docs/loop/a.md`, with `docs/loop -> ..`, is `a.md`: one
 * file, one id). A linked file keeps its own name, when what it leads to is inside the root.
 */
function placed(absolute: string, root: RootOnDisk, typed: string): string {
  const file = path.join(placedFolder(path.dirname(absolute), root, typed), path.basename(absolute));
  if (root.resolveSync(file) === undefined) throw outside(typed, root, true);
  return file;
}

/** A typed folder as a path under the root's real folders; refused when it is, or leads, outside the root. */
function placedFolder(absolute: string, root: RootOnDisk, typed: string): string {
  const real = root.resolveSync(absolute);
  if (real === undefined) throw outside(typed, root, isInside(root.root, absolute));
  return root.place(real);
}

function outside(typed: string, root: RootOnDisk, throughLink: boolean): UsageError {
  return new UsageError(throughLink
    ? `${typed} leads outside the repository root ${root.root} (a symbolic link): nothing outside the repository is read.`
    : `${typed} is outside the repository root ${root.root}: document ids are paths relative to the root. Run from inside it, or give --root.`);
}
