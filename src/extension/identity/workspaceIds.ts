import * as vscode from 'vscode';
import { IdClaims } from '../../core/identity/claims';
import type { IdClaimsView } from '../../core/identity/claims';
import type { SiteResolver } from '../../core/site/detect';
import { forEachConcurrently } from '../../core/pool';
import { listBatchFiles } from './listFiles';
import { fileIngestConfig, readSettings } from '../services/settings';

/** Files stat'ed (and, when changed, read) at once while bringing the index up to date. */
const PARALLEL = 16;

interface Known {
  mtime: number;
  size: number;
  key: string;
  idPrefix: string;
}

/**
 * The docs site of a file (undefined for none), loaded when first needed: the site readers are not in start-up.
 * extension.ts gives `ingest/site.ts`'s: identity sits below the flows that build documents.
 */
export type SitesLoader = () => Promise<(document: vscode.Uri) => SiteResolver | undefined>;

/**
 * Which document id every file a batch would take builds (docs/architecture.md#identity), so that a run of some
 * files (changed files, a save, Ingest Current File) refuses a file whose id another included file builds. Brought
 * up to date when asked: the files are listed again and each is stat'ed; only files whose size or modification
 * time changed (or whose id prefix did) are read again, and only their front matter is parsed.
 */
export class WorkspaceIds {
  private readonly claims = new IdClaims();
  private readonly known = new Map<string, Known>();
  private updating: Promise<void> | undefined;

  constructor(private readonly sites: SitesLoader) {}

  /** The claims of every included file as the files are now. Saved bytes: an editor's unsaved text is not a claim. */
  async current(token?: vscode.CancellationToken): Promise<IdClaimsView> {
    // One update at a time; a caller arriving during one waits for the next, which sees its files as they are.
    while (this.updating) await this.updating;
    this.updating = this.update(token).finally(() => (this.updating = undefined));
    await this.updating;
    return this.claims;
  }

  private async update(token?: vscode.CancellationToken): Promise<void> {
    const files = await listBatchFiles(undefined, token);
    const listed = new Set(files.map((f) => f.key));
    for (const uri of this.known.keys()) {
      if (!listed.has(uri)) this.forget(uri);
    }
    // Settings per folder, once per update: reading them per file would read .doc-ingest.json per file.
    // The docs sites too, read once per folder and update: a site's generator may own front matter `id`.
    const folderSettings = new Map<string, { idPrefix: string; maxFileBytes: number; sites: SiteResolver | undefined }>();
    // The front matter reader loads with the first listing, not with the extension (issue 27).
    const [{ documentIdOf }, editorSiteResolver] = await Promise.all([import('../../core/identity/documentId.js'), this.sites()]);
    const settingsOf = (uri: vscode.Uri) => {
      const folder = vscode.workspace.getWorkspaceFolder(uri)?.uri.toString() ?? '';
      let s = folderSettings.get(folder);
      if (!s) folderSettings.set(folder, (s = { idPrefix: fileIngestConfig(uri).idPrefix, maxFileBytes: readSettings(uri).maxFileBytes, sites: editorSiteResolver(uri) }));
      return s;
    };
    await forEachConcurrently(files, PARALLEL, async (file) => {
      const uri = vscode.Uri.parse(file.key);
      const { idPrefix, maxFileBytes, sites } = settingsOf(uri);
      const before = this.known.get(file.key);
      let stat: vscode.FileStat;
      try {
        stat = await vscode.workspace.fs.stat(uri);
      } catch {
        this.forget(file.key);
        return;
      }
      if (before && before.mtime === stat.mtime && before.size === stat.size && before.key === file.source && before.idPrefix === idPrefix) return;
      if (before && before.key !== file.source) this.claims.delete(before.key);
      this.known.set(file.key, { mtime: stat.mtime, size: stat.size, key: file.source, idPrefix });
      // Over the size limit, a batch skips the file unread: it claims nothing.
      if (stat.size > maxFileBytes) {
        this.claims.set(file.source, undefined);
        return;
      }
      const bytes = await vscode.workspace.fs.readFile(uri).then(undefined, () => undefined);
      const generatorKeys = bytes && (await sites?.generatorKeysOf(file.relativePath, bytes).catch(() => undefined));
      this.claims.set(file.source, bytes && documentIdOf(bytes, file.relativePath, idPrefix, { generatorKeys }));
    }, () => !!token?.isCancellationRequested);
  }

  private forget(uri: string): void {
    const k = this.known.get(uri);
    if (!k) return;
    this.known.delete(uri);
    this.claims.delete(k.key);
  }
}
