import * as vscode from 'vscode';
import type { ServiceClient } from '../../core/api/client';
import type { ImageReference } from '../../core/documents/linksAndImages/images';
import { checkedImageReader, diskImageReader, ImageRefusedError } from '../../core/ingest/imageFiles';
import { imageProblemError, readImages, uploadImages } from '../../core/ingest/images';
import type { Ledger } from '../../core/ledger/ledger';
import type { StatusPoller } from '../../core/polling/statusPoller';
import { readSettings } from '../services/settings';

/**
 * Where uploaded images are tracked (F6): the User Files view, which the flows that upload know only by this, so
 * that they sit below the views.
 */
export interface UploadTracker {
  /** The poller of the configured server and key's list, which the upload's user file joins. */
  currentPoller(): Promise<StatusPoller>;
}

/**
 * The folder image paths of a document are relative to: its workspace folder (the root its `relativePath` is
 * relative to), or its own folder outside every workspace folder.
 */
export function imageRoot(document: vscode.Uri): vscode.Uri {
  const folder = vscode.workspace.getWorkspaceFolder(document);
  return folder ? folder.uri : vscode.Uri.joinPath(document, '..');
}

/**
 * The reader of a document's images: only images (by name and content), no larger than `maxBytes` (default: the
 * document's `docIngest.images.maxSizeMB`), inside the document's root. On the local disk it is the core's reader,
 * which judges real paths (a link that leads outside is refused). Another file system (the extension on the UI
 * side of a remote window) has no real paths to ask for: there, the root is checked on the image path's text only
 * (no `..` past it, which the reference parser already refuses).
 */
export function imageReader(document: vscode.Uri, maxBytes = readSettings(document).imagesMaxBytes): ReturnType<typeof checkedImageReader> {
  const root = imageRoot(document);
  if (root.scheme === 'file') return diskImageReader(root.fsPath, maxBytes);
  return checkedImageReader(async (imagePath) => {
    const uri = vscode.Uri.joinPath(root, imagePath);
    const info = await vscode.workspace.fs.stat(uri);
    if (!(info.type & vscode.FileType.File)) throw new ImageRefusedError('notImage', vscode.l10n.t('is not a file'));
    const read = async () => vscode.workspace.fs.readFile(uri);
    return { size: info.size, head: read, read };
  }, maxBytes);
}

/**
 * The local images of one document sent from the editor (F8): read, uploaded unless this server already has the
 * same bytes (the ledger), tracked in the User Files view, and mapped to their `image_file_id`s.
 */
export class EditorImages {
  constructor(
    private readonly ledger: Promise<Ledger>,
    private readonly userFiles: UploadTracker,
  ) {}

  /**
   * @returns `ids`: path → image_file_id for the images to send as image sections; `placeholders`: path → the
   *   content placeholder a batch hashes the payload with (the ledger's view of the same document)
   * @throws DocumentError naming each problem image (path and line) when `docIngest.images.onProblem` is `stop`
   */
  async resolve(document: vscode.Uri, refs: readonly ImageReference[], client: ServiceClient, server: string, signal: AbortSignal): Promise<{ ids: Map<string, string>; placeholders: Map<string, string> }> {
    const reader = imageReader(document);
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
