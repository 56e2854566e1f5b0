import * as vscode from 'vscode';
import { getGitFileInfo } from '../../core/documents/git/gitInfo';
import { baseName } from '../../core/documents/text/text';
import { tooLargeToRead } from '../../core/files/sizeLimit';
import { resolveLinkTargets } from '../../core/ingest/linkTargets';
import { resolveIncludes } from '../../core/ingest/includes';
import { readerBodyOfFile } from '../../core/ingest/pipeline';
import type { IngestConfig, SourceFile } from '../../core/ingest/pipeline';
import { ingestConfig, readSettings, Settings } from '../services/settings';
import { DocumentPlace, DocumentPlaces } from './documentPlace';
import { editorLinkTargets } from './linkTargets';
import { notebookJson, unsavedNotebook } from './notebookSource';
import { editorSiteResolver } from './site';

/** What the editor knows about a file before it is built: shared by ingestion, the payload preview and diagnostics. */
export interface EditorSource {
  file: SourceFile;
  config: IngestConfig;
  settings: Settings;
  place: DocumentPlace;
  /** The text when it came from an open editor (else `file.input` holds the file's bytes). */
  text: string | undefined;
  /** A file on disk with no unsaved changes: what is built is what is saved. */
  saved: boolean;
}

/**
 * Reads the file as "Ingest Current File" builds it: an open editor's text (saved or not), a notebook with unsaved
 * changes as the notebook editor holds it (`notebookSource.ts`), else the file's bytes;
 * the settings of its folder; its place (relative path, id prefix, chosen id); what its links lead to (F14: the
 * saved files they name, read from disk as the command line reads them). A document whose writer has not
 * chosen an id yet gets `PENDING_ID`, to see whether its front matter pins one.
 * `git: false` leaves git out (diagnostics need no owners and dates, and should stay cheap).
 */
export async function readEditorSource(uri: vscode.Uri, places: DocumentPlaces, options: { git?: boolean } = {}): Promise<EditorSource> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  // An open editor's text is what the writer sees, saved or not; a closed file is read as bytes so that a
  // binary file is refused with a clear message instead of being decoded into garbage.
  const notebook = open ? undefined : unsavedNotebook(uri);
  const settings = readSettings(uri);
  const input: string | Uint8Array = open ? open.getText() : notebook ? notebookJson(notebook) : await readWithin(uri, settings.maxFileBytes);
  const text = typeof input === 'string' ? input : undefined;
  const place = places.of(uri, open, settings.idPrefix);
  const saved = uri.scheme === 'file' && !open?.isDirty && !notebook;
  const config = ingestConfig(settings, place.idPrefix);
  // A repository's own config can make git run programs (core.fsmonitor): none in an untrusted workspace.
  const useGit = options.git !== false && uri.scheme === 'file' && vscode.workspace.isTrusted;
  const file: SourceFile = {
    relativePath: place.relativePath,
    input,
    markdown: place.markdown,
    git: useGit ? await getGitFileInfo(uri.fsPath, { text }) : undefined,
    modifiedTime: saved ? await modifiedTime(uri) : undefined,
    documentId: place.chosen ? (place.chosen.id ?? PENDING_ID) : undefined,
  };
  const decoded = text ?? new TextDecoder().decode(input as Uint8Array);
  // The docs site above the file (F15): the same facts the command line and a batch give its build.
  const sites = editorSiteResolver(uri);
  const site = await sites?.factsOf(place.relativePath, decoded, { named: true });
  if (site) file.site = site;
  // Included files (F15) are read as link targets are: inside the folder only; where from, as the site says.
  file.includes = await resolveIncludes(decoded, place.relativePath, editorLinkTargets(uri), { markdown: place.markdown, bases: site?.includeBases });
  // As a batch: the links the reader text shows (an admonition's second paragraph, a snippet), not only the source's.
  const readerBody = readerBodyOfFile({ ...file, input: decoded }, config);
  file.linkTargets = await resolveLinkTargets(decoded, place.relativePath, editorLinkTargets(uri), { markdown: place.markdown, site: sites, readerBody });
  return { file, config, settings, place, text, saved };
}

/** The file's bytes, measured first: one over the limit is never read (as a batch skips it). */
async function readWithin(uri: vscode.Uri, maxBytes: number): Promise<Uint8Array> {
  const { size } = await vscode.workspace.fs.stat(uri);
  if (size > maxBytes) throw tooLargeToRead(baseName(uri.path), size, maxBytes);
  return vscode.workspace.fs.readFile(uri);
}

/** Stands in for the id of a document whose writer has not chosen one yet, to see whether front matter pins it. */
export const PENDING_ID = 'pending';

async function modifiedTime(uri: vscode.Uri): Promise<Date | undefined> {
  try {
    return new Date((await vscode.workspace.fs.stat(uri)).mtime);
  } catch {
    return undefined;
  }
}
