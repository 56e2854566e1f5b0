import * as vscode from 'vscode';
import { normalizeBaseUrl } from '../../core/api/baseUrl';
import type { IngestConfig } from '../../core/ingest/pipeline';
import type { ProjectConfig } from '../../core/config/projectConfig';
import { readProjectConfig } from './projectConfigFile';
import { PROJECT_CONFIG_KEY_NAMES } from '../../core/config/projectConfigName';
// Also used when a hand-edited value is not a list of strings.
import { DEFAULT_EXCLUDE, DEFAULT_INCLUDE } from '../../core/config/defaults';
import { DEFAULT_CONCURRENCY } from '../../core/batch/concurrency';
import { workspaceIdPrefix } from '../../core/documents/ids/workspaceIds';
import { DEFAULT_IMAGE_MAX_MB } from '../../core/ingest/imageFiles';
import { DEFAULT_MAX_FILE_MB } from '../../core/files/sizeLimit';
import { DEFAULT_TOP } from '../../core/findability/answer';

/** Every setting the extension reads, typed, with its default. Documented in package.json and docs/settings.md. */
export interface Settings {
  /** Includes `/api`; undefined when not set. */
  baseUrl: string | undefined;
  /** Undefined: not chosen, so the client finds the server's route (specification's or Onyx's). */
  ingestionPath: string | undefined;
  ccPairId: number | undefined;
  connectorIds: number[];
  source: string;
  linkTemplate: string | undefined;
  idPrefix: string;
  ignoreKeys: string[] | undefined;
  /** `docIngest.provenance`: where a document comes from, in its metadata. */
  provenance: boolean;
  requestTimeoutMs: number;
  ingestTimeoutMs: number;
  pollIntervalMs: number;
  statusBarEnabled: boolean;
  pageSize: number;
  /** Globs (relative to each workspace folder) of the files a batch takes, and of those it leaves out (F9). */
  include: string[];
  exclude: string[];
  /** Batch requests in flight at most, 1-16. */
  concurrency: number;
  /** Larger files are skipped by a batch. */
  maxFileBytes: number;
  /** A missing, outside or refused image: the document is not sent (`stop`), or the image stays text. */
  imagesOnProblem: 'stop' | 'skipImage';
  /** Larger local images are a problem like a missing one, unread. */
  imagesMaxBytes: number;
  /** Explorer badges on files never ingested or changed since (F10). */
  decorationsEnabled: boolean;
  /** Ingest a batch file when it is saved (F10); off unless the writer opts in. */
  ingestOnSave: boolean;
  /** Ingest Changed Files sends never-sent files too (issue 38, item 6); on unless the writer leaves them out. */
  changedIncludeNeverSent: boolean;
  /** A published page renamed (F13): ask, keep its id (written into its front matter), publish it anew, or nothing. */
  onRename: OnRename;
  /** The server's `MAX_DOCUMENT_CHARS` (F15): longer documents are refused before sending; undefined: no check. */
  maxDocumentChars: number | undefined;
  /** `.doc-ingest.json` `dropPatterns` (no setting of its own): lines of the site's own syntax left out (issue 35). */
  dropPatterns: string[] | undefined;
  /** Is it findable? (F17): a page below this rank is not found. */
  findabilityTop: number;
  /** Check the questions of a page after each Ingest Current File (F17); off unless the writer opts in. */
  findabilityAfterIngest: boolean;
}

export const ON_RENAME = ['ask', 'keepId', 'republish', 'nothing'] as const;
export type OnRename = (typeof ON_RENAME)[number];

export const SECTION = 'docIngest';

/**
 * The settings of `scope`. The repository's `.doc-ingest.json` (shared with the command line) gives the keys it
 * names unless the workspace or folder settings set them: it sits between user settings and workspace settings.
 */
export function readSettings(scope?: vscode.ConfigurationScope): Settings {
  // The file is read (and parsed) when a key it may give is first asked, once per call: activation asks none of
  // them, so a workspace with a .doc-ingest.json does not validate it while activating (issue 37).
  let project: ProjectConfig | undefined;
  const c = withProjectConfig(vscode.workspace.getConfiguration(SECTION, scope), () => (project ??= readProjectConfig(scope).config));
  const positive = (key: string, fallback: number) => {
    const v = c.get<number>(key);
    return typeof v === 'number' && v > 0 ? v : fallback;
  };
  const text = (key: string) => c.get<string>(key)?.trim() || undefined;
  const settings: Omit<Settings, ProjectKey> = {
    baseUrl: normalizeBaseUrl(c.get<string>('baseUrl')),
    connectorIds: (c.get<unknown[]>('connectorIds') ?? []).map(integerOrUndefined).filter((n): n is number => n !== undefined),
    ignoreKeys: c.get<string[]>('frontMatter.ignoreKeys'),
    provenance: c.get<boolean>('provenance') ?? true,
    requestTimeoutMs: positive('requestTimeoutSeconds', 30) * 1000,
    ingestTimeoutMs: positive('ingestTimeoutSeconds', 300) * 1000,
    pollIntervalMs: positive('userFiles.pollIntervalSeconds', 2) * 1000,
    statusBarEnabled: c.get<boolean>('statusBar.enabled') ?? true,
    pageSize: Math.max(10, Math.round(positive('connectorFiles.pageSize', 200))),
    concurrency: Math.min(16, Math.max(1, Math.round(positive('concurrency', DEFAULT_CONCURRENCY)))),
    maxFileBytes: positive('maxFileSizeMB', DEFAULT_MAX_FILE_MB) * 1024 * 1024,
    imagesOnProblem: c.get('images.onProblem') === 'skipImage' ? 'skipImage' : 'stop',
    imagesMaxBytes: positive('images.maxSizeMB', DEFAULT_IMAGE_MAX_MB) * 1024 * 1024,
    decorationsEnabled: c.get<boolean>('decorations.enabled') ?? true,
    ingestOnSave: c.get<boolean>('ingestOnSave') ?? false,
    changedIncludeNeverSent: c.get<boolean>('changedFiles.includeNeverSent') ?? true,
    onRename: oneOf(c.get('onRename'), ON_RENAME, 'ask'),
    findabilityTop: Math.min(50, Math.round(positive('findability.top', DEFAULT_TOP))),
    findabilityAfterIngest: c.get<boolean>('findability.afterIngest') ?? false,
  };
  return withLazyKeys<Omit<Settings, ProjectKey>, Pick<Settings, ProjectKey>>(settings, {
    ingestionPath: () => text('ingestionPath'),
    ccPairId: () => integerOrUndefined(c.get('ccPairId')),
    source: () => text('source') ?? 'file',
    linkTemplate: () => text('linkTemplate'),
    idPrefix: () => c.get<string>('idPrefix') ?? '',
    include: () => globs(c.get('include'), DEFAULT_INCLUDE),
    exclude: () => globs(c.get('exclude'), DEFAULT_EXCLUDE),
    maxDocumentChars: () => integerOrUndefined(c.get<number>('maxDocumentChars')) || undefined,
    dropPatterns: () => patterns(c.get('dropPatterns')),
  });
}

/** The settings `.doc-ingest.json` may give. */
type ProjectKey = 'ingestionPath' | 'ccPairId' | 'source' | 'linkTemplate' | 'idPrefix' | 'include' | 'exclude' | 'maxDocumentChars' | 'dropPatterns';

/** `settings` with each of `lazy` as a property computed when first read, then kept (enumerable, as the others). */
function withLazyKeys<E extends object, L extends object>(settings: E, lazy: { [K in keyof L]: () => L[K] }): E & L {
  for (const [key, compute] of Object.entries(lazy) as [string, () => unknown][]) {
    Object.defineProperty(settings, key, {
      enumerable: true,
      configurable: true,
      get: () => {
        const value = compute();
        Object.defineProperty(settings, key, { value, enumerable: true, configurable: true, writable: true });
        return value;
      },
    });
  }
  return settings as E & L;
}

type Reader = Pick<vscode.WorkspaceConfiguration, 'get'>;

function withProjectConfig(c: vscode.WorkspaceConfiguration, project: () => ProjectConfig): Reader {
  return {
    get: <T>(key: string): T | undefined => {
      const fromProject = PROJECT_CONFIG_KEY_NAMES.has(key) ? project()[key as keyof ProjectConfig] : undefined;
      if (fromProject === undefined) return c.get<T>(key);
      const i = c.inspect<T>(key);
      const inWorkspace = i?.workspaceFolderValue ?? i?.workspaceValue;
      return inWorkspace !== undefined ? inWorkspace : (fromProject as T);
    },
  } as Reader;
}


function globs(v: unknown, fallback: string[]): string[] {
  return Array.isArray(v) ? v.filter((g): g is string => typeof g === 'string' && g.trim() !== '').map((g) => g.trim()) : fallback;
}

/** Checked with the rest of `.doc-ingest.json` (`parseProjectConfig`): a file with a bad pattern gives none. */
function patterns(v: unknown): string[] | undefined {
  return Array.isArray(v) && v.every((p) => typeof p === 'string') && v.length > 0 ? v : undefined;
}

function oneOf<T extends string>(v: unknown, values: readonly T[], fallback: T): T {
  return values.find((x) => x === v) ?? fallback;
}

function integerOrUndefined(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined;
}

/** The pipeline's configuration of a workspace file: its folder's settings, with the folder's label in the id prefix. */
export function fileIngestConfig(uri: vscode.Uri): IngestConfig {
  const settings = readSettings(uri);
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  const prefix = folder ? workspaceIdPrefix(settings.idPrefix, folder, vscode.workspace.workspaceFolders ?? [folder]) : settings.idPrefix;
  return ingestConfig(settings, prefix);
}

/** What the core pipeline needs of the settings; `idPrefix`: the prefix for this file's folder (multi-root). */
export function ingestConfig(settings: Settings, idPrefix: string): IngestConfig {
  return {
    linkTemplate: settings.linkTemplate,
    idPrefix,
    source: settings.source,
    ignoreKeys: settings.ignoreKeys,
    provenance: settings.provenance,
    ccPairId: settings.ccPairId,
    maxDocumentChars: settings.maxDocumentChars,
    dropPatterns: settings.dropPatterns,
  };
}
