/**
 * A Mintlify config (`docs.json`, `mint.json`) read as JSON with its `$ref` parts put in (Mintlify's "Split
 * configuration with `$ref`"): an object `{ "$ref": "./nav/fr.json" }` anywhere in the config is replaced by that
 * file's JSON, resolved relative to the file that names it; when the part is an object, the sibling keys of the
 * `$ref` are laid over it. Paths stay inside the config's folder (Mintlify refuses path traversal), and a file that
 * names itself, directly or not, is left out with a warning, as Mintlify's build fails on it.
 */
import { joinPath, under } from './types';
import type { SiteFiles, SiteWarning } from './types';
import * as l10n from '@vscode/l10n';

/** A `$ref` that points into the same document (`#/components/...`) is JSON Schema's, not a file. */
const LOCAL_REF = /^#/;

export interface MintlifyConfig {
  /** The config's JSON with every readable `$ref` in place (undefined when the config itself is no JSON). */
  value: unknown;
  /** Root-relative paths of the files read besides the config. */
  parts: string[];
  warnings: SiteWarning[];
}

export async function readMintlifyConfig(files: SiteFiles, configFile: string, folder: string, text: string): Promise<MintlifyConfig> {
  const warnings: SiteWarning[] = [];
  const parts: string[] = [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    warnings.push({ file: configFile, setting: '(file)', message: l10n.t('{0} is not valid JSON ({1}), so the navigation was not read; fix it.', configFile, reason(e)) });
    return { value: undefined, parts, warnings };
  }
  const resolve = async (node: unknown, file: string, chain: readonly string[]): Promise<unknown> => {
    if (Array.isArray(node)) {
      // One after the other, so that the warnings come in the config's order.
      const items: unknown[] = [];
      for (const item of node) items.push(await resolve(item, file, chain));
      return items;
    }
    if (typeof node !== 'object' || node === null) return node;
    const record = node as Record<string, unknown>;
    const ref = record.$ref;
    if (typeof ref === 'string' && !LOCAL_REF.test(ref)) {
      const { $ref: _, ...siblings } = record;
      const part = await readPart(ref, file, chain);
      if (part === undefined) return resolve(siblings, file, chain);
      const target = joinPath(dirOf(file), ref);
      const resolved = await resolve(part, target, [...chain, target]);
      if (typeof resolved !== 'object' || resolved === null || Array.isArray(resolved)) return resolved;
      return { ...(resolved as Record<string, unknown>), ...((await resolve(siblings, file, chain)) as Record<string, unknown>) };
    }
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(record)) out[key] = await resolve(child, file, chain);
    return out;
  };
  const readPart = async (ref: string, file: string, chain: readonly string[]): Promise<unknown> => {
    const target = joinPath(dirOf(file), ref);
    const warn = (message: string) => warnings.push({ file, setting: '$ref', message: `${file}: the $ref “${ref}” ${message}` });
    if (/^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.startsWith('/') || under(folder, target) === undefined || target === '..') {
      warn(l10n.t('is not a relative path inside {0} (Mintlify refuses it), so that part of the config was not read; name a file beside the config.', folder || 'the docs root'));
      return undefined;
    }
    if (chain.includes(target)) {
      warn(l10n.t('leads back to itself ({0}), which fails Mintlify\'s build, so it was not read; remove the loop.', [...chain, target].join(' → ')));
      return undefined;
    }
    const bytes = await files.read(target);
    if (bytes === undefined) {
      warn(l10n.t('names {0}, which does not exist, so that part of the config was not read; fix the path.', target));
      return undefined;
    }
    try {
      const part: unknown = JSON.parse(new TextDecoder().decode(bytes));
      parts.push(target);
      return part;
    } catch (e) {
      warn(l10n.t('names {0}, which is not valid JSON ({1}), so that part of the config was not read; fix it.', target, reason(e)));
      return undefined;
    }
  };
  value = await resolve(value, configFile, [configFile]);
  return { value, parts, warnings };
}

function dirOf(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut === -1 ? '' : path.slice(0, cut);
}

function reason(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
