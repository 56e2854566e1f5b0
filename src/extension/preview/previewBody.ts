import * as vscode from 'vscode';
import { DocumentError } from '../../core/documents';
import { localImageReferences } from '../../core/ingest/images';
import { buildFile, prepareIngestion, requestBody, SourceFile } from '../../core/ingest/pipeline';
import { describeError } from '../errors';
import { DocumentPlaces } from '../ingest/documentPlace';
import { imageUri } from '../ingest/images';
import { readEditorSource } from '../ingest/sourceFile';

/** What the payload preview shows for a file, and whether its id is still to be chosen. */
export interface PreviewBody {
  text: string;
  /** The id shown is the build's placeholder: the writer chooses the real one when the file is first ingested. */
  idToChoose: boolean;
}

/**
 * The request body "Ingest Current File" would send for `uri` now (same places, settings and text, unsaved edits
 * included), indented for reading. Local images that exist become image sections with a visible placeholder
 * file id, since their real ids exist only once they are uploaded. A failed build gives `{"error": ...}`, so
 * that the preview never shows a stale body. Asks nothing: a document without an id keeps the build's placeholder.
 */
export async function previewBody(uri: vscode.Uri, places: DocumentPlaces): Promise<PreviewBody> {
  try {
    const source = await readEditorSource(uri, places);
    source.file.images = await imagePlaceholders(uri, source.file);
    const built = buildFile(source.file, source.config);
    const { request } = prepareIngestion(built, source.config);
    return { text: `${requestBody(request, 2)}\n`, idToChoose: !!source.place.chosen && !source.place.chosen.id && built.idSource === 'chosen' };
  } catch (e) {
    const error: Record<string, unknown> = { error: e instanceof DocumentError ? e.message : describeError(e) };
    if (e instanceof DocumentError && e.line !== undefined) error.line = e.line;
    return { text: `${JSON.stringify(error, null, 2)}\n`, idToChoose: false };
  }
}

/** The placeholder file id of a local image, until it is uploaded. */
export function imagePlaceholder(path: string): string {
  return vscode.l10n.t('<uploaded when sent: {0}>', path);
}

async function imagePlaceholders(uri: vscode.Uri, file: SourceFile): Promise<Map<string, string>> {
  const images = new Map<string, string>();
  if (typeof file.input !== 'string') return images;
  const text = file.input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  for (const image of localImageReferences(text, file.relativePath, file.markdown)) {
    const path = image.path as string;
    if (image.outside || images.has(path)) continue;
    // A missing image cannot be uploaded, so it is not shown as an image section (its diagnostic says why).
    if (await exists(imageUri(uri, path))) images.set(path, imagePlaceholder(path));
  }
  return images;
}

export async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}
