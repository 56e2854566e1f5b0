import * as vscode from 'vscode';
import { ledgerScope } from '../../core/ledger/scope';
import type { Ledger, SourceState } from '../../core/ledger/ledger';
import { workspaceSource } from '../identity/workspaceSource';
import { readSettings } from '../settings';

/**
 * Whether a file on disk differs from its newest confirmed ingestion to the configured server and pair. The
 * file's bytes are hashed once per modification time and size, so asking again (the Explorer asks often) costs
 * one stat. The pair is the configured `docIngest.ccPairId`: a front matter `cc_pair_id` is not read here.
 */
export class SourceStates {
  private readonly hashes = new Map<string, { mtime: number; size: number; hash: string; withheld: boolean }>();
  /** Files last hashed with the files they include (F15), by URI. */
  private readonly includers = new Map<string, vscode.Uri>();

  constructor(private readonly ledger: Promise<Ledger>) {}

  /**
   * Undefined when the file cannot be read (deleted meanwhile, a folder), is outside the workspace folders, or is
   * over `docIngest.maxFileSizeMB` (a batch skips it unread, so it is never read here either), or its front matter
   * keeps it from being published (`draft: true`...: a batch skips it, so it is neither new nor changed). No server
   * set: every file is `never`.
   */
  async state(uri: vscode.Uri): Promise<SourceState | undefined> {
    const source = workspaceSource(uri);
    if (!source) return undefined;
    const settings = readSettings(uri);
    const read = await this.read(uri, settings.maxFileBytes);
    if (read === undefined || read.withheld) return undefined;
    const scope = ledgerScope(settings.baseUrl ?? '', settings.ccPairId);
    return (await this.ledger).sourceState(scope, source.key, read.hash);
  }

  /** The files that include others (F15): a change of any file may change their state. */
  withIncludes(): vscode.Uri[] {
    return [...this.includers.values()];
  }

  /** Drops the cached hash (the file was saved, created or deleted). */
  forget(uri: vscode.Uri): void {
    this.hashes.delete(uri.toString());
  }

  clear(): void {
    this.hashes.clear();
    this.includers.clear();
  }

  /**
   * The hash of the file's bytes now, as the ledger records a source's (the Documents view compares it with the
   * record of each document); undefined as for `state`.
   */
  async sourceHash(uri: vscode.Uri): Promise<string | undefined> {
    return (await this.read(uri, readSettings(uri).maxFileBytes))?.hash;
  }

  private async read(uri: vscode.Uri, maxBytes: number): Promise<{ hash: string; withheld: boolean } | undefined> {
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if (stat.type & vscode.FileType.Directory || stat.size > maxBytes) return undefined;
      const key = uri.toString();
      const cached = this.hashes.get(key);
      if (cached && cached.mtime === stat.mtime && cached.size === stat.size) return cached;
      const bytes = await vscode.workspace.fs.readFile(uri);
      // The front matter and include readers load with the first file hashed, not with the extension (issue 27).
      const [{ publishSwitchOf }, { includedSourceHash, resolveIncludes }, { editorLinkTargets }] = await Promise.all([
        import('../../core/identity/documentId.js'), import('../../core/ingest/includes.js'), import('../ingest/linkTargets.js'),
      ]);
      const relativePath = workspaceSource(uri)?.relativePath ?? uri.path;
      const withheld = publishSwitchOf(bytes, relativePath) !== undefined;
      // A page that includes other files (F15) is hashed with them, as the ledger recorded it; not cached, since
      // an included file can change while the page does not.
      const includes = withheld ? new Map<string, string>() : await resolveIncludes(new TextDecoder().decode(bytes), relativePath, editorLinkTargets(uri));
      const entry = { mtime: stat.mtime, size: stat.size, hash: includedSourceHash(bytes, includes), withheld };
      if (includes.size === 0) {
        this.hashes.set(key, entry);
        this.includers.delete(key);
      } else {
        this.includers.set(key, uri);
      }
      return entry;
    } catch {
      return undefined;
    }
  }
}
