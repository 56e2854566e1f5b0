/**
 * The command line's configuration, first found wins: flags, then `DOC_INGEST_*` environment variables, then the
 * repository's `.doc-ingest.json` (shared with the editor), then the extension's setting defaults. The key comes
 * from the environment only: a flag would leave it in shell histories and process lists.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_CONCURRENCY, MAX_CONCURRENCY } from '../core/batch/concurrency';
import { hasCredentials, normalizeBaseUrl } from '../core/api/baseUrl';
import { DEFAULT_EXCLUDE, DEFAULT_INCLUDE } from '../core/config/defaults';
import { IngestionPathError, parseIngestionPath } from '../core/api/ingestionPath';
import type { ProjectConfig } from '../core/config/projectConfig';
import { PROJECT_CONFIG_FILE } from '../core/config/projectConfigName';
import { ccPairIdRule, globRule, idPrefixRule, includeRule, linkTemplateRule, maxDeleteRule, maxDocumentCharsRule, sourceRule } from '../core/config/settingRules';
import type { SettingRule } from '../core/config/settingRules';
import { DEFAULT_IMAGE_MAX_MB } from '../core/ingest/imageFiles';
import { DEFAULT_MAX_FILE_MB } from '../core/files/sizeLimit';
import type { IngestConfig } from '../core/ingest/pipeline';
import { DEFAULT_MAX_DELETE } from './environment';
import { UsageError } from './usageError';


export interface CliConfig {
  /** The repository root: document ids and links are paths relative to it, as to the editor's workspace folder. */
  root: string;
  /** The `.doc-ingest.json` read, if any. */
  configFile?: string;
  baseUrl?: string;
  apiKey?: string;
  ingestionPath?: string;
  ccPairId?: number;
  source: string;
  linkTemplate?: string;
  idPrefix: string;
  include: string[];
  exclude: string[];
  concurrency: number;
  maxFileBytes: number;
  timeoutMs: number;
  imagesOnProblem: 'stop' | 'skipImage';
  /** Larger images are refused as problems, unread. */
  imagesMaxBytes: number;
  ledger: string;
  /** `ingest --prune` deletes at most this many documents; more is refused, nothing deleted. */
  maxDelete: number;
  /** The server's `MAX_DOCUMENT_CHARS`: longer documents are refused before sending; undefined: no check. */
  maxDocumentChars?: number;
  /** Where a document comes from, in its metadata; `--no-provenance` turns it off. */
  provenance: boolean;
  /** `.doc-ingest.json` `dropPatterns`: lines of the site's own syntax left out of the text (issue 35). */
  dropPatterns?: string[];
  /** `--verbose`: say on stderr which proxy (if any) requests go through, and which certificates are trusted. */
  verbose: boolean;
}

// In a module of their own, so that `doc-ingest --help` prints them without loading the configuration's rules.
export { DEFAULT_MAX_DELETE, ENVIRONMENT } from './environment';

/** Flags every command shares (values as `util.parseArgs` gives them). */
export interface ConfigFlags {
  server?: string;
  root?: string;
  config?: string;
  'cc-pair-id'?: string;
  'ingestion-path'?: string;
  source?: string;
  'link-template'?: string;
  'id-prefix'?: string;
  include?: string[];
  exclude?: string[];
  concurrency?: string;
  'max-file-size-mb'?: string;
  timeout?: string;
  'images-on-problem'?: string;
  'images-max-size-mb'?: string;
  ledger?: string;
  'max-delete'?: string;
  'max-document-chars'?: string;
  'no-provenance'?: boolean;
  verbose?: boolean;
}

type Env = Readonly<Record<string, string | undefined>>;

export async function resolveConfig(flags: ConfigFlags, env: Env, cwd: string): Promise<CliConfig> {
  const pick = <T>(flag: string | undefined, envName: string, parse: (v: string, from: string) => T): T | undefined => {
    if (flag !== undefined) return parse(flag, `--${flagName(envName)}`);
    const fromEnv = env[envName];
    return fromEnv !== undefined && fromEnv.trim() !== '' ? parse(fromEnv, envName) : undefined;
  };
  const rootFlag = pick(flags.root, 'DOC_INGEST_ROOT', (v, from) => folder(path.resolve(cwd, v), from, v));
  const found = findConfigFile(flags.config ? path.resolve(cwd, flags.config) : undefined, rootFlag, cwd);
  const project = found ? await readConfigFile(found) : {};
  const root = rootFlag ?? (found ? path.dirname(found) : (gitRoot(cwd) ?? cwd));
  const list = (required: boolean) => (v: string, from: string) => globs(splitGlobs(v), from, v, required);
  const baseUrl = pick(flags.server, 'DOC_INGEST_BASE_URL', (v, from) => {
    if (hasCredentials(v)) throw new UsageError(`${from} has a user name or password in it: remove it (the key goes in DOC_INGEST_API_KEY); the address is not shown here.`);
    const url = normalizeBaseUrl(v);
    if (!url) throw new UsageError(`${from}: “${v}” is not a server address: give an http(s) URL that includes /api, e.g. https://search.example.com/api.`);
    return url;
  });
  const concurrency = pick(flags.concurrency, 'DOC_INGEST_CONCURRENCY', (v, from) => wholeNumber(v, from, 1, MAX_CONCURRENCY)) ?? DEFAULT_CONCURRENCY;
  return {
    root,
    configFile: found,
    baseUrl,
    apiKey: env.DOC_INGEST_API_KEY?.trim() || undefined,
    ingestionPath: pick(flags['ingestion-path'], 'DOC_INGEST_INGESTION_PATH', ingestionPath) ?? project.ingestionPath,
    ccPairId: pick(flags['cc-pair-id'], 'DOC_INGEST_CC_PAIR_ID', (v, from) => checked(Number(v), ccPairIdRule, from, v)) ?? project.ccPairId,
    source: pick(flags.source, 'DOC_INGEST_SOURCE', (v, from) => checked(v.trim(), sourceRule, from, v)) ?? project.source ?? 'file',
    linkTemplate: pick(flags['link-template'], 'DOC_INGEST_LINK_TEMPLATE', (v, from) => checked(v.trim(), linkTemplateRule, from, v)) ?? project.linkTemplate,
    idPrefix: pick(flags['id-prefix'], 'DOC_INGEST_ID_PREFIX', (v, from) => checked(v, idPrefixRule, from, v)) ?? project.idPrefix ?? '',
    include: (flags.include?.length ? globs(flags.include, '--include') : undefined) ?? pick(undefined, 'DOC_INGEST_INCLUDE', list(true)) ?? project.include ?? DEFAULT_INCLUDE,
    exclude: (flags.exclude?.length ? globs(flags.exclude, '--exclude') : undefined) ?? pick(undefined, 'DOC_INGEST_EXCLUDE', list(false)) ?? project.exclude ?? DEFAULT_EXCLUDE,
    concurrency,
    maxFileBytes: (pick(flags['max-file-size-mb'], 'DOC_INGEST_MAX_FILE_SIZE_MB', (v, from) => positiveNumber(v, from)) ?? DEFAULT_MAX_FILE_MB) * 1024 * 1024,
    timeoutMs: (pick(flags.timeout, 'DOC_INGEST_TIMEOUT_SECONDS', (v, from) => positiveNumber(v, from, MAX_TIMEOUT_SECONDS)) ?? 300) * 1000,
    imagesOnProblem: pick(flags['images-on-problem'], 'DOC_INGEST_IMAGES_ON_PROBLEM', imagePolicy) ?? 'stop',
    imagesMaxBytes: (pick(flags['images-max-size-mb'], 'DOC_INGEST_IMAGES_MAX_SIZE_MB', (v, from) => positiveNumber(v, from)) ?? DEFAULT_IMAGE_MAX_MB) * 1024 * 1024,
    ledger: pick(flags.ledger, 'DOC_INGEST_LEDGER', (v, from) => ledgerFile(path.resolve(root, v), from, v)) ?? path.join(root, '.doc-ingest', 'ledger.json'),
    dropPatterns: project.dropPatterns,
    maxDocumentChars: (pick(flags['max-document-chars'], 'DOC_INGEST_MAX_DOCUMENT_CHARS', (v, from) => checked(v.trim() === '' ? 0 : Number(v), maxDocumentCharsRule, from, v)) ?? project.maxDocumentChars) || undefined,
    provenance: flags['no-provenance'] !== true,
    verbose: flags.verbose === true,
    maxDelete: pick(flags['max-delete'], 'DOC_INGEST_MAX_DELETE', (v, from) => checked(v.trim() === '' ? NaN : Number(v), maxDeleteRule, from, v)) ?? DEFAULT_MAX_DELETE,
  };
}

/** What the core pipeline needs: the same fields the extension passes from its settings. */
export function ingestConfig(config: CliConfig): IngestConfig {
  return { linkTemplate: config.linkTemplate, idPrefix: config.idPrefix, source: config.source, ccPairId: config.ccPairId, maxDocumentChars: config.maxDocumentChars, provenance: config.provenance, dropPatterns: config.dropPatterns };
}

/** `--config`, else `.doc-ingest.json` in the root given, else in the nearest folder upwards that has one, stopping at a repository's root. */
function findConfigFile(explicit: string | undefined, root: string | undefined, cwd: string): string | undefined {
  if (explicit) {
    if (!existsSync(explicit)) throw new UsageError(`--config ${explicit}: no such file.`);
    return explicit;
  }
  if (root) {
    const inRoot = path.join(root, PROJECT_CONFIG_FILE);
    return existsSync(inRoot) ? inRoot : undefined;
  }
  for (let dir = cwd; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, PROJECT_CONFIG_FILE);
    if (existsSync(candidate)) return candidate;
    if (existsSync(path.join(dir, '.git')) || path.dirname(dir) === dir) return undefined;
  }
}

/** Its schema (zod) loaded only when there is a file to read: most runs of `check` have none (issue 37). */
async function readConfigFile(file: string): Promise<ProjectConfig> {
  const { parseProjectConfig, ProjectConfigError } = await import('../core/config/projectConfig.js');
  try {
    return parseProjectConfig(readFileSync(file, 'utf8'), file);
  } catch (e) {
    if (e instanceof ProjectConfigError) throw new UsageError(e.message);
    throw new UsageError(`${file}: cannot be read (${e instanceof Error ? e.message : String(e)}).`);
  }
}

function gitRoot(cwd: string): string | undefined {
  for (let dir = cwd; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The flag of a variable: its name in lower case with dashes, but for the two whose flag is shorter. */
function flagName(envName: string): string {
  if (envName === 'DOC_INGEST_BASE_URL') return 'server';
  if (envName === 'DOC_INGEST_TIMEOUT_SECONDS') return 'timeout';
  return envName.replace(/^DOC_INGEST_/, '').toLowerCase().replace(/_/g, '-');
}

/** Comma-separated globs; a comma inside braces (`*.{md,txt}`) belongs to its glob. */
export function splitGlobs(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '{') depth++;
    if (ch === '}') depth = Math.max(0, depth - 1);
    if ((ch === ',' || ch === '\n') && depth === 0) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  return out.map((g) => g.trim()).filter(Boolean);
}

function wholeNumber(v: string, from: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(v.trim());
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new UsageError(`${from}: “${v}” is not a whole number${max < Number.MAX_SAFE_INTEGER ? ` from ${min} to ${max}` : ` of at least ${min}`}.`);
  }
  return n;
}

function positiveNumber(v: string, from: string, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(v.trim());
  if (!Number.isFinite(n) || n <= 0 || n > max) throw new UsageError(`${from}: “${v}” is not a positive number${max < Number.MAX_SAFE_INTEGER ? ` of at most ${max}` : ''}.`);
  return n;
}

/** A day: longer is no request timeout, and beyond about 24 days Node's timers would fire at once. */
const MAX_TIMEOUT_SECONDS = 86_400;

/** `value` when the shared rule accepts it, else a usage error naming where it came from and what is expected. */
function checked<T>(value: T, rule: SettingRule<T>, from: string, given: string): T {
  const problem = rule(value);
  if (problem !== undefined) throw new UsageError(`${from}: “${given}” ${problem}.`);
  return value;
}

/** Each glob given; `required`: at least one (an empty include list takes no file, an empty exclude list leaves none out). */
function globs(list: string[], from: string, given = list.join(','), required = true): string[] {
  for (const glob of list) checked(glob, globRule, from, glob);
  return required ? checked(list, includeRule, from, given) : list;
}

function folder(dir: string, from: string, given: string): string {
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`${from}: “${given}” is not a folder: give the repository's root folder.`);
  return dir;
}

function ledgerFile(file: string, from: string, given: string): string {
  if (given.trim() === '' || statSync(file, { throwIfNoEntry: false })?.isDirectory()) {
    throw new UsageError(`${from}: “${given}” is not a file name: give the ledger's file, such as .doc-ingest/ledger.json.`);
  }
  return file;
}

/** A blank one stays blank: the route is then found by itself, whatever the file says. */
function ingestionPath(v: string, from: string): string {
  try {
    return parseIngestionPath(v, from) ?? '';
  } catch (e) {
    throw e instanceof IngestionPathError ? new UsageError(e.message) : e;
  }
}

function imagePolicy(v: string, from: string): 'stop' | 'skipImage' {
  if (v === 'stop') return 'stop';
  if (v === 'skip-image' || v === 'skipImage') return 'skipImage';
  throw new UsageError(`${from}: “${v}” is not stop or skip-image.`);
}
