/**
 * How the place of a file in the workspace enters its id (docs/architecture.md#document-ids).
 *
 * - One workspace folder: the id is the folder-relative path's (ids.ts), as it has always been.
 * - Several folders (a multi-root workspace): the folder's name goes in front, so `docs/README.md` of folder
 *   `api` and of folder `web` stay two documents. Folders with the same name are told apart by their position.
 * - Outside every folder, or an untitled editor: there is no path to derive an id from, and a bare file name
 *   would make any two `README.md` one document; the writer chooses the id (see {@link proposeChosenId}).
 */
import { encodeIdSegment, normalizeIdPrefix } from './ids';
import { baseName } from '../text/text';

export interface WorkspaceFolderRef {
  readonly name: string;
  readonly index: number;
}

/**
 * The folder's label in a multi-root workspace (its encoded name; with its position when another folder's name
 * encodes the same), undefined with one folder. Ids and source keys carry the same label, so the two agree on
 * which folder a file is in.
 */
export function folderLabel(folder: WorkspaceFolderRef, folders: readonly WorkspaceFolderRef[]): string | undefined {
  if (folders.length <= 1) return undefined;
  const label = encodeIdSegment(folder.name);
  const namesake = folders.some((f) => f.index !== folder.index && encodeIdSegment(f.name) === label);
  return namesake ? `${label}-${folder.index + 1}` : label;
}

/** The id prefix of a file in `folder`: the configured prefix, plus the folder's label in a multi-root workspace. */
export function workspaceIdPrefix(idPrefix: string | undefined, folder: WorkspaceFolderRef, folders: readonly WorkspaceFolderRef[]): string {
  const label = folderLabel(folder, folders);
  return label === undefined ? (idPrefix ?? '') : `${normalizeIdPrefix(idPrefix)}${label}~`;
}

/**
 * The id to propose for a file without a workspace path: its parent folder and name (`notes~readme.md`) for a
 * file, the first heading or line (`alice-draft`) for an untitled editor, after the configured prefix.
 */
export function proposeChosenId(idPrefix: string | undefined, source: { path: string } | { title: string }): string {
  const prefix = normalizeIdPrefix(idPrefix);
  if ('title' in source) return prefix + (encodeIdSegment(source.title).replace(/[._~-]+$/, '') || 'draft');
  const segments = source.path.replace(/\\/g, '/').split('/').filter(Boolean);
  const name = segments.at(-1) ?? baseName(source.path);
  const parent = segments.at(-2);
  return prefix + [parent, name].filter((s): s is string => !!s).map(encodeIdSegment).join('~');
}
