import * as vscode from 'vscode';
import type { ServiceClient } from '../../core/api';
import type { ImageReference } from '../../core/documents';
import { imageProblemError, readImages, uploadImages } from '../../core/ingest/images';
import type { Ledger } from '../../core/ledger';
import { readSettings } from '../settings';
import type { UserFilesView } from '../views/userFilesView';

/**
 * Where an image path of a document points: image paths are relative to the document's workspace folder (the
 * root its `relativePath` is relative to), or to the document's own folder outside every workspace folder.
 */
export function imageUri(document: vscode.Uri, imagePath: string): vscode.Uri {
  const folder = vscode.workspace.getWorkspaceFolder(document);
  return folder ? vscode.Uri.joinPath(folder.uri, imagePath) : vscode.Uri.joinPath(document, '..', imagePath);
}

/**
 * The local images of one document sent from the editor (F8): read, uploaded unless this server already has the
 * same bytes (the ledger), tracked in the User Files view, and mapped to their `image_file_id`s.
 */
export class EditorImages {
  constructor(
    private readonly ledger: Promise<Ledger>,
    private readonly userFiles: UserFilesView,
  ) {}

  /**
   * @returns `ids`: path → image_file_id for the images to send as image sections; `placeholders`: path → the
   *   content placeholder a batch hashes the payload with (the ledger's view of the same document)
   * @throws DocumentError naming each problem image (path and line) when `docIngest.images.onProblem` is `stop`
   */
  async resolve(document: vscode.Uri, refs: readonly ImageReference[], client: ServiceClient, server: string, signal: AbortSignal): Promise<{ ids: Map<string, string>; placeholders: Map<string, string> }> {
    const reader = { read: async (path: string) => vscode.workspace.fs.readFile(imageUri(document, path)) };
    const stop = readSettings(document).imagesOnProblem === 'stop';
    const name = vscode.workspace.asRelativePath(document);
    const images = await readImages(refs, reader);
    if (images.problems.length && stop) throw imageProblemError(name, images.problems);
    const poller = await this.userFiles.currentPoller();
    const uploaded = await uploadImages(images, {
      client,
      server,
      ledger: await this.ledger,
      reader,
      onUploaded: (record) => {
        poller.noteWork();
        poller.track(record.id, record);
      },
      call: { signal },
    });
    if (uploaded.problems.length && stop) throw imageProblemError(name, uploaded.problems);
    return { ids: uploaded.ids, placeholders: images.placeholders };
  }
}
