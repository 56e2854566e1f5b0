import * as vscode from 'vscode';
import { ledgerScope, sha256Hex } from '../../core/ledger';
import type { Ledger, SourceState } from '../../core/ledger';
import { publishSwitchOf } from '../../core/identity';
import { workspaceSource } from '../identity/workspaceSource';
import { readSettings } from '../settings';

/**
 * Whether a file on disk differs from its newest confirmed ingestion to the configured server and pair. The
 * file's bytes are hashed once per modification time and size, so asking again (the Explorer asks often) costs
 * one stat. The pair is the configured `docIngest.ccPairId`: a front matter `cc_pair_id` is not read here.
 */
export class SourceStates {
  private readonly hashes = new Map<string, { mtime: number; size: number; hash: string; withheld: boolean }>();

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

  /** Drops the cached hash (the file was saved, created or deleted). */
  forget(uri: vscode.Uri): void {
    this.hashes.delete(uri.toString());
  }

  clear(): void {
    this.hashes.clear();
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
      const entry = { mtime: stat.mtime, size: stat.size, hash: sha256Hex(bytes), withheld: publishSwitchOf(bytes, workspaceSource(uri)?.relativePath ?? uri.path) !== undefined };
      this.hashes.set(key, entry);
      return entry;
    } catch {
      return undefined;
    }
  }
}
