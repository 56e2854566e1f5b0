import * as vscode from 'vscode';
import { DocumentError } from '../../core/documents/problems/errors';
import { previewImageIds } from '../../core/ingest/images';
import type { Ledger } from '../../core/ledger/ledger';
import { buildFile, prepareIngestion, requestBody, SourceFile } from '../../core/ingest/pipeline';
import { describeError } from '../services/errors';
import { DocumentPlaces } from '../ingest/documentPlace';
import { imageReader } from '../ingest/images';
import { readEditorSource } from '../ingest/sourceFile';

/** What the payload preview shows for a file, and whether its id is still to be chosen. */
export interface PreviewBody {
  text: string;
  /** The id shown is the build's placeholder: the writer chooses the real one when the file is first ingested. */
  idToChoose: boolean;
}

/**
 * The request body "Ingest Current File" would send for `uri` now (same places, settings and text, unsaved edits
 * included), indented for reading. Local images that exist become image sections: with the file id of their
 * upload when the ledger knows this content on this server, else with a visible placeholder (the real id exists
 * only once uploaded). A failed build gives `{"error": ...}`, so that the preview never shows a stale body. Asks
 * nothing: a document without an id keeps the build's placeholder.
 */
export async function previewBody(uri: vscode.Uri, places: DocumentPlaces, ledger: Promise<Ledger>): Promise<PreviewBody> {
  try {
    const source = await readEditorSource(uri, places);
    source.file.images = await imageIds(uri, source.file, source.settings.baseUrl, ledger);
    const built = buildFile(source.file, source.config);
    const { request } = prepareIngestion(built, source.config);
    return { text: `${requestBody(request, 2)}\n`, idToChoose: !!source.place.chosen && !source.place.chosen.id && built.idSource === 'chosen' };
  } catch (e) {
    const error: Record<string, unknown> = { error: e instanceof DocumentError ? e.message : describeError(e) };
    if (e instanceof DocumentError && e.line !== undefined) error.line = e.line;
    return { text: `${JSON.stringify(error, null, 2)}\n`, idToChoose: false };
  }
}

async function imageIds(uri: vscode.Uri, file: SourceFile, server: string | undefined, ledger: Promise<Ledger>): Promise<Map<string, string>> {
  // A file not open in an editor is read as bytes: its images are image sections too, as when it is sent.
  const text = typeof file.input === 'string' ? file.input : new TextDecoder().decode(file.input);
  const known = await ledger;
  return previewImageIds(
    text,
    file.relativePath,
    imageReader(uri),
    (hash) => (server ? known.imageFileId(server, hash) : undefined),
    file.markdown,
    file.site,
  );
}
