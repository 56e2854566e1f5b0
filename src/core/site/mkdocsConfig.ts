/**
 * An `mkdocs.yml` read as YAML data, with MkDocs's config inheritance (`INHERIT: ../base.yml`, MkDocs's user guide
 * "Configuration inheritance"): the parent is read first and the child deep-merged over it (mappings merged key by
 * key, anything else replaced, as MkDocs's `mergedeep` does). The `INHERIT` path is relative to the file that names
 * it; path settings (`docs_dir`) stay relative to the config being built, as MkDocs resolves them, whichever file
 * gave them. Nothing outside the root is read (`SiteFiles`), and a chain is followed at most a few files deep.
 */
import { LineCounter, parseDocument } from 'yaml';
import { isObject } from './literal';
import type { Literal, LiteralObject } from './literal';
import { yamlLiteral } from './pageText';
import { joinPath } from './types';
import type { SiteFiles, SiteWarning } from './types';
import * as l10n from '@vscode/l10n';

/** More parents than this is a loop or a mistake, never a site. */
const MAX_INHERIT_DEPTH = 8;

export interface MkdocsConfigFile {
  /** The settings, the parents' merged under the file's own. */
  config: LiteralObject;
  /** The keys the file itself sets (not inherited), for settings whose meaning depends on where they were given. */
  ownKeys: ReadonlySet<string>;
  /** Root-relative paths of the parents read, nearest first. */
  parents: string[];
  warnings: SiteWarning[];
}

const EMPTY: LiteralObject = { kind: 'object', entries: new Map(), line: undefined };

export async function readMkdocsConfig(files: SiteFiles, configFile: string, text: string): Promise<MkdocsConfigFile> {
  const warnings: SiteWarning[] = [];
  const own = parseConfig(configFile, text, warnings);
  const parents: string[] = [];
  let config = own;
  let current = own;
  let currentFile = configFile;
  for (let depth = 0; ; depth++) {
    const inherit = current.entries.get('INHERIT');
    if (inherit === undefined) break;
    if (typeof inherit !== 'string' || inherit.trim() === '') {
      warnings.push({ file: currentFile, setting: 'INHERIT', message: l10n.t('{0}: INHERIT is not a path, so no parent config was read; name the parent file there (INHERIT: ../mkdocs.yml).', currentFile) });
      break;
    }
    const parentFile = joinPath(currentFile.split('/').slice(0, -1).join('/'), inherit.trim());
    if (depth >= MAX_INHERIT_DEPTH || parentFile === configFile || parents.includes(parentFile)) {
      warnings.push({ file: currentFile, setting: 'INHERIT', message: l10n.t('{0}: INHERIT leads back to {1} or deeper than {2} files, so it was followed no further; name a config that inherits nothing.', currentFile, parentFile, MAX_INHERIT_DEPTH) });
      break;
    }
    const bytes = await files.read(parentFile);
    if (bytes === undefined) {
      warnings.push({ file: currentFile, setting: 'INHERIT', message: l10n.t('{0}: INHERIT names {1}, which is not in the repository (or may not be read), so only this file\'s settings were read.', currentFile, parentFile) });
      break;
    }
    parents.push(parentFile);
    current = parseConfig(parentFile, new TextDecoder().decode(bytes), warnings);
    currentFile = parentFile;
    config = merge(current, config);
  }
  const ownKeys = new Set(own.entries.keys());
  const entries = new Map(config.entries);
  entries.delete('INHERIT');
  return { config: { ...config, entries }, ownKeys, parents, warnings };
}

function parseConfig(file: string, text: string, warnings: SiteWarning[]): LiteralObject {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const firstError = document.errors[0];
  if (firstError) {
    const line = firstError.linePos?.[0]?.line;
    warnings.push({ file, line, setting: '(file)', message: l10n.t('{0}{1} is not valid YAML, so the site\'s settings were not read; fix it, or give a linkTemplate in .doc-ingest.json or the docIngest.linkTemplate setting.', file, line ? l10n.t(' line {0}', line) : '') });
    return EMPTY;
  }
  const value = yamlLiteral(document.contents, (offset) => lines.linePos(offset).line);
  return isObject(value) ? value : EMPTY;
}

/** The child over the parent: mappings merged key by key, anything else (lists too) the child's. */
export function merge(parent: LiteralObject, child: LiteralObject): LiteralObject {
  const entries = new Map<string, Literal>(parent.entries);
  for (const [key, value] of child.entries) {
    const before = entries.get(key);
    entries.set(key, isObject(before) && isObject(value) ? merge(before, value) : value);
  }
  return { kind: 'object', entries, line: child.line ?? parent.line };
}
