/**
 * What must never be published, by where a file is (F15): the same rules for every front, so that the editor's
 * batches, badges and id claims and the command line's listing take the same files.
 *
 * - `.gitignore` files from the root down, and `.git/info/exclude`, matched by the `ignore` package (git's own
 *   syntax and precedence: the deepest file with a matching pattern decides, the last matching line of that file
 *   wins, and a file inside an ignored folder stays ignored whatever a deeper file says);
 * - `.docingestignore` files, at the root and in any folder, in the same syntax. At each level they are asked
 *   before git's files, so a `.docingestignore` can also publish what git ignores (`!docs/api/` for reference pages
 *   generated in CI);
 * - hidden files and folders: a path segment starting with `.`. Taken only when an include glob names it: a glob's
 *   wildcard never matches a leading dot (`**\/*.md` does not take `.github/a.md`, `.github/**\/*.md` does).
 *
 * Rule files are read through a `RuleFileReader`, relative to the root; one reached through a symbolic link is not
 * read (`diskRuleReader`). Each rule file is read once per `PublishRules` (one listing, one run).
 *
 * A file the writer names outright (Ingest Current File, a path typed on the command line) is an explicit request:
 * only `.docingestignore`, the writer's own word about publishing, keeps it back (`withheldNamed`). The hidden rule
 * and git's files decide what a sweep takes (a wildcard, what a checkout holds), not what may be published.
 */
import type { Ignore } from 'ignore';
import * as l10n from '@vscode/l10n';

/**
 * picomatch and ignore, run when the first rules are made rather than when this module loads: the editor loads it
 * with its start-up code, and activation makes no rules (issue 37). Both are CommonJS; `require` gives the same
 * function `import` did, and esbuild runs each package's top level at the first call.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const loadPicomatch = () => require('picomatch') as typeof import('picomatch');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const loadIgnore = () => require('ignore') as typeof import('ignore');

export const DOC_INGEST_IGNORE_FILE = '.docingestignore';
export const GIT_IGNORE_FILE = '.gitignore';
export const GIT_EXCLUDE_FILE = '.git/info/exclude';

/** Why a file is never published. */
export type Withheld =
  /**
   * A line of a rule file ignores it, or a folder it is in. `file`: the rule file, root-relative
   * (`docs/.gitignore`); `path`: what the line matched, root-relative (a folder ends in `/`).
   */
  | { reason: 'ignored'; file: string; line: number; pattern: string; path: string }
  /** A segment of its path starts with `.` and no include glob names it; `path`: the path up to that segment. */
  | { reason: 'hidden'; path: string };

/** A line of a rule file that ignores the file or a folder it is in. */
export type IgnoredBy = Extract<Withheld, { reason: 'ignored' }>;

/** The text of a rule file relative to the root (`/`-separated), or undefined when there is none (or it may not be read). */
export type RuleFileReader = (relativePath: string) => string | undefined;

export interface PublishRulesOptions {
  /** The include globs: a hidden path is taken only when one of them names its hidden segments. */
  include: readonly string[];
  read: RuleFileReader;
  /** Whether patterns ignore case, as git's `core.ignorecase`; default: not on Linux, else yes. */
  ignoreCase?: boolean;
}

/** Every rule file (a batch), or only the `.docingestignore` files (a file named outright). */
type RuleSet = 'all' | 'ours';

/** What the folders above a file settle for it (`PublishRules.fileFolders`). */
interface FileFolder {
  /** The line that ignores the folder or one above it. */
  ignoredBy?: IgnoredBy;
  /** Whether a rule file of the set is in the root or a folder on the way: only then is the file itself tested. */
  rules: boolean;
}

interface RuleFile {
  /** Root-relative path of the rule file. */
  file: string;
  rules: Ignore;
}

export class PublishRules {
  /** Per folder (root-relative, '' for the root): its rule files in the order they are asked. */
  private readonly folders = new Map<string, RuleFile[]>();
  /** Per folder (root-relative, `/`-separated): why it is ignored, or undefined when it is not; by every rule file and by ours only. */
  private readonly folderVerdicts = { all: new Map<string, IgnoredBy | undefined>(), ours: new Map<string, IgnoredBy | undefined>() };
  /**
   * Per folder of files asked about (root-relative, `/`-separated) and rule set: the verdict of the folder or one above
   * it, else whether any folder from the root down to it has a rule file. Thousands of files share a few folders,
   * and most folders have no rule file on their way: their files are then settled without a test of their own.
   */
  private readonly fileFolders = { all: new Map<string, FileFolder>(), ours: new Map<string, FileFolder>() };
  private readonly named: ((path: string) => boolean) | undefined;
  /** The include globs that spell a file's name (`namesFile`). */
  private readonly spelled: ((path: string) => boolean) | undefined;
  private readonly ignoreCase: boolean;

  constructor(private readonly o: PublishRulesOptions) {
    this.ignoreCase = o.ignoreCase ?? process.platform !== 'linux';
    const globs = o.include.filter((g) => g.trim() !== '');
    const picomatch = loadPicomatch();
    // `dot: false`: a wildcard never matches a leading dot, so only a glob that writes the dot names the folder.
    this.named = globs.length ? picomatch(globs.map(nfc), { dot: false, nocase: this.ignoreCase }) : undefined;
    const spelling = globs.filter((g) => !picomatch.scan(g.split('/').pop() ?? '').isGlob);
    this.spelled = spelling.length ? picomatch(spelling.map(nfc), { dot: true, nocase: this.ignoreCase }) : undefined;
  }

  /**
   * Why `relativePath` (a file, relative to the root; `\` or `/`) is never published by a batch, or undefined when it
   * may be. Hidden first (no rule file is read for it), then the ignore files.
   */
  withheld(relativePath: string): Withheld | undefined {
    const path = normalize(relativePath);
    if (path === '') return undefined;
    // Only a path with a segment starting with `.` can be hidden: the others are not split to look.
    if (path.startsWith('.') || path.includes('/.')) {
      const segments = path.split('/');
      const hidden = segments.findIndex((s) => s.startsWith('.') && s !== '.' && s !== '..');
      if (hidden >= 0 && !this.named?.(path)) return { reason: 'hidden', path: segments.slice(0, hidden + 1).join('/') };
    }
    return this.ruledFile(path, 'all');
  }

  /**
   * Whether an include glob spells the file's name (its last part has no wildcard: `CHANGELOG.md`,
   * `packages/*\/README.md`), so that the writer named the file rather than a wildcard sweeping it in: a file no
   * docs site publishes is then still taken (`BatchFile.named`).
   */
  namesFile(relativePath: string): boolean {
    const path = normalize(relativePath);
    return path !== '' && (this.spelled?.(path) ?? false);
  }

  /** Why a file named outright is still not sent: a `.docingestignore` line (of it or a folder above), else undefined. */
  withheldNamed(relativePath: string): IgnoredBy | undefined {
    const path = normalize(relativePath);
    return path === '' ? undefined : this.ruledFile(path, 'ours');
  }

  /**
   * Each folder on the way, then the file: an ignored folder settles it for everything inside, and a file with no
   * rule file on its way is not ignored. Both are judged once per folder (`fileFolders`).
   */
  private ruledFile(path: string, set: RuleSet): IgnoredBy | undefined {
    const cut = path.lastIndexOf('/');
    const folder = cut < 0 ? '' : path.slice(0, cut);
    const known = this.fileFolders[set];
    let judged = known.get(folder);
    if (!judged) known.set(folder, (judged = this.judgeFolder(folder, set)));
    if (judged.ignoredBy) return { ...judged.ignoredBy };
    return judged.rules ? this.verdict(path.split('/'), true, set) : undefined;
  }

  private judgeFolder(folder: string, set: RuleSet): FileFolder {
    const segments = folder === '' ? [] : folder.split('/');
    for (let i = 1; i <= segments.length; i++) {
      const ignoredBy = this.folderVerdict(segments.slice(0, i), set);
      if (ignoredBy) return { ignoredBy, rules: true };
    }
    let rules = false;
    for (let depth = 0; depth <= segments.length && !rules; depth++) {
      rules = this.ruleFiles(segments.slice(0, depth).join('/')).some(({ file }) => set === 'all' || file.endsWith(DOC_INGEST_IGNORE_FILE));
    }
    return { rules };
  }

  /** A folder's verdict, judged once per listing: thousands of files share a few folders. */
  private folderVerdict(segments: readonly string[], set: RuleSet): IgnoredBy | undefined {
    const key = segments.join('/');
    const verdicts = this.folderVerdicts[set];
    if (verdicts.has(key)) return verdicts.get(key);
    const verdict = this.verdict(segments, false, set);
    verdicts.set(key, verdict);
    return verdict;
  }

  /**
   * The rule that ignores `segments` (a folder, or the file): the `.docingestignore` files of every folder above it,
   * deepest first, then git's files the same way; the first file with a matching line decides (a negation `!`
   * un-ignores). With `set` 'ours', git's files are not asked.
   */
  private verdict(segments: readonly string[], isFile: boolean, set: RuleSet): IgnoredBy | undefined {
    const folders = segments.map((_, depth) => this.ruleFiles(segments.slice(0, depth).join('/')));
    for (const ours of set === 'ours' ? [true] : [true, false]) {
      for (let depth = segments.length - 1; depth >= 0; depth--) {
        const files = folders[depth]!;
        if (!files.length) continue;
        const below = segments.slice(depth).join('/') + (isFile ? '' : '/');
        for (const { file, rules } of files) {
          if (file.endsWith(DOC_INGEST_IGNORE_FILE) !== ours) continue;
          const result = rules.test(below);
          if (result.unignored) return undefined;
          if (!result.ignored || !result.rule) continue;
          // `ignore` answers for a parent folder of `below` too; those folders were judged already, with every
          // file's rules, so only a line that matches `below` itself decides here.
          if (inheritedFromParent(rules, below, isFile)) continue;
          const [line, pattern] = splitMark(result.rule.mark, result.rule.pattern);
          return { reason: 'ignored', file, line, pattern, path: segments.join('/') + (isFile ? '' : '/') };
        }
      }
    }
    return undefined;
  }

  private ruleFiles(folder: string): RuleFile[] {
    let files = this.folders.get(folder);
    if (files) return files;
    files = [];
    const names = folder === '' ? [DOC_INGEST_IGNORE_FILE, GIT_IGNORE_FILE, GIT_EXCLUDE_FILE] : [DOC_INGEST_IGNORE_FILE, GIT_IGNORE_FILE];
    for (const name of names) {
      const file = folder === '' ? name : `${folder}/${name}`;
      let text: string | undefined;
      try {
        text = this.o.read(file);
      } catch {
        text = undefined;
      }
      if (text === undefined) continue;
      files.push({ file, rules: parseRules(text, this.ignoreCase) });
    }
    this.folders.set(folder, files);
    return files;
  }
}

/** One `ignore` manager per rule file; each line carries its number (`mark`) so a verdict can name it. */
function parseRules(text: string, ignoreCase: boolean): Ignore {
  const rules = loadIgnore()({ ignorecase: ignoreCase });
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  for (const [i, raw] of lines.entries()) {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '' || line.startsWith('#')) continue;
    rules.add({ pattern: nfc(line), mark: `${i + 1}` });
  }
  return rules;
}

/** Whether the parent folder of `below` is what `rules` ignore (then its verdict on `below` is the folder's). */
function inheritedFromParent(rules: Ignore, below: string, isFile: boolean): boolean {
  const trimmed = isFile ? below : below.slice(0, -1);
  const cut = trimmed.lastIndexOf('/');
  if (cut < 0) return false;
  return rules.test(`${trimmed.slice(0, cut)}/`).ignored;
}

function splitMark(mark: string | undefined, pattern: string): [number, string] {
  const line = Number(mark);
  return [Number.isInteger(line) && line > 0 ? line : 1, pattern];
}

function normalize(relativePath: string): string {
  return nfc(relativePath.replace(/\\/g, '/').replace(/^\.\/+/, '').replace(/\/+$/, ''));
}

/** macOS hands out decomposed names; a rule file is usually typed composed. ASCII is its own NFC: not asked per file. */
function nfc(s: string): string {
  return ASCII.test(s) ? s : s.normalize('NFC');
}

const ASCII = /^[\x00-\x7f]*$/;

/**
 * The one sentence of a file named outright that a `.docingestignore` line keeps back: what, where (the rule file and
 * line), what to do. `source` names the file as the front names it (its source key).
 */
export function withheldSentence(source: string, w: IgnoredBy): string {
  return w.path.endsWith('/')
    ? l10n.t('{0} is not published: {1} line {2} ({3}) ignores the folder {4}; remove or change that line to publish it.', source, w.file, w.line, w.pattern, w.path)
    : l10n.t('{0} is not published: {1} line {2} ({3}) ignores it; remove or change that line to publish it.', source, w.file, w.line, w.pattern);
}

/** The line as a phrase for lists (why a published page is now an orphan): `.docingestignore line 3`. */
export function withheldPhrase(w: IgnoredBy): string {
  return `${w.file} line ${w.line}`;
}
