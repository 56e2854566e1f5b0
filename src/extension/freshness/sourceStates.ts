import * as vscode from 'vscode';
import { ledgerScope } from '../../core/ledger/scope';
import { memoryStamp } from '../../core/ledger/stat';
import type { FileStat } from '../../core/ledger/stat';
import type { Ledger, SourceState } from '../../core/ledger/ledger';
import type { SiteResolver } from '../../core/site/detect';
import { fileStat, localFileStat } from '../ledger/fileStat';
import { forEachConcurrently } from '../../core/pool';
import { inSlices } from '../../core/slices';
import { workspaceSource } from '../identity/workspaceSource';
import { readSettings } from '../services/settings';

/** The readers a first hash needs: loaded with the first file looked at, not with the extension (issue 27). */
async function readers() {
  const [{ checkSource }, { includedSourceHash, mayInclude, resolveIncludes }, { editorLinkTargets }, { hasNoText, publishSwitchOf }, { editorSiteResolver, siteRoot }, { batchFileNamedByGlobs }] = await Promise.all([
    import('../../core/ingest/freshness.js'), import('../../core/ingest/includes.js'), import('../ingest/linkTargets.js'), import('../../core/identity/documentId.js'), import('../ingest/site.js'),
    import('../identity/listFiles.js'),
  ]);
  return { checkSource, includedSourceHash, mayInclude, resolveIncludes, editorLinkTargets, hasNoText, publishSwitchOf, editorSiteResolver, siteRoot, batchFileNamedByGlobs };
}
type Readers = Awaited<ReturnType<typeof readers>>;

/** A file's stat and when it was taken (`Date.now()` just before), before anything reads it. */
interface Look {
  stat: FileStat & { directory: boolean };
  statAt: number;
}

/**
 * Whether a file on disk differs from its newest confirmed ingestion to the configured server and pair: the core's
 * `checkSource` (by the stamp the ledger keeps, else by the file's bytes, as `ingest --changed` does). Files read
 * are also remembered by their stamp for the session (`memoryStamp`), so asking again (the Explorer asks often)
 * costs one stat. The pair is the configured `docIngest.ccPairId`: a front matter `cc_pair_id` is not read here.
 */
export class SourceStates {
  private readonly hashes = new Map<string, { stamp: string; hash: string; withheld: boolean }>();
  /** Files last hashed with the files they include (F15), by URI. */
  private readonly includers = new Map<string, vscode.Uri>();
  /** The docs sites (F15) of the folders looked in, by folder URI: each config read once, until `clear`. */
  private readonly sites = new Map<string, SiteResolver | undefined>();

  constructor(private readonly ledger: Promise<Ledger>) {}

  /**
   * Undefined when the file cannot be read (deleted meanwhile, a folder), is outside the workspace folders, or is
   * over `docIngest.maxFileSizeMB` (a batch skips it unread, so it is never read here either), or its front matter
   * or its docs site keeps it from being published (`draft: true`, a Docusaurus partial `_setup.mdx`...), or it is a
   * page with no text (empty, or front matter only): a batch skips it, so it is neither new nor changed. No server set: every file is `never`. With `taken`, the file's stat
   * as `states` took it just before, instead of a stat of its own.
   */
  async state(uri: vscode.Uri, taken?: Look): Promise<SourceState | undefined> {
    const source = workspaceSource(uri);
    if (!source) return undefined;
    const settings = readSettings(uri);
    const scope = ledgerScope(settings.baseUrl ?? '', settings.ccPairId);
    const ledger = await this.ledger;
    try {
      const looked = await this.look(uri, settings.maxFileBytes, taken);
      if (!looked) return undefined;
      const known = this.known(uri, looked);
      if (known) return known.withheld ? undefined : ledger.sourceState(scope, source.key, known.hash);
      const r = await readers();
      const check = await r.checkSource(ledger, scope, { source: source.key, relativePath: source.relativePath }, {
        ...looked,
        read: async () => vscode.workspace.fs.readFile(uri),
        includes: r.editorLinkTargets(uri),
      });
      // Taken on its stamp: the bytes the ledger recorded, which were published then.
      if (check.bytes === undefined) return check.state;
      return (await this.remember(r, uri, looked, check.bytes, check.hash)).withheld ? undefined : check.state;
    } catch {
      return undefined;
    }
  }

  /**
   * The state of each of many files (Ingest Changed Files), as `state` gives it: the stats of the files on the local
   * disk are taken first, at once, in slices that give the editor back its event loop (`inSlices`), then each file is
   * judged, `concurrency` at a time. A run where nothing changed ends on the stamps, without a promise per stat.
   */
  async states(uris: readonly vscode.Uri[], concurrency: number, each: (uri: vscode.Uri, state: SourceState | undefined) => void): Promise<void> {
    const taken = new Map<vscode.Uri, Look>();
    await inSlices(uris, (uri) => {
      const statAt = Date.now();
      const stat = localFileStat(uri);
      if (stat) taken.set(uri, { stat, statAt });
    });
    await forEachConcurrently(uris, concurrency, async (uri) => each(uri, await this.state(uri, taken.get(uri))));
  }

  /** The files that include others (F15): a change of any file may change their state. */
  withIncludes(): vscode.Uri[] {
    return [...this.includers.values()];
  }

  /** Drops the cached hash (the file was saved, created or deleted). */
  forget(uri: vscode.Uri): void {
    this.hashes.delete(uri.toString());
  }

  /** Drops everything read: a rule or a docs site's config changed, which may change what is withheld. */
  clear(): void {
    this.hashes.clear();
    this.includers.clear();
    this.sites.clear();
  }

  /**
   * The hash of the file's bytes now, as the ledger records a source's (the Documents view compares it with the
   * record of each document); undefined as for `state`.
   */
  async sourceHash(uri: vscode.Uri): Promise<string | undefined> {
    try {
      const looked = await this.look(uri, readSettings(uri).maxFileBytes);
      if (!looked) return undefined;
      const known = this.known(uri, looked);
      if (known) return known.hash;
      const bytes = await vscode.workspace.fs.readFile(uri);
      const r = await readers();
      const relativePath = workspaceSource(uri)?.relativePath ?? uri.path;
      const includes = await r.resolveIncludes(new TextDecoder().decode(bytes), relativePath, r.editorLinkTargets(uri));
      return (await this.remember(r, uri, looked, bytes, r.includedSourceHash(bytes, includes))).hash;
    } catch {
      return undefined;
    }
  }

  /** The file's stat, taken before anything reads it; undefined for a folder or a file over the size limit. */
  private async look(uri: vscode.Uri, maxBytes: number, taken?: Look): Promise<{ stat: FileStat; statAt: number } | undefined> {
    const statAt = taken?.statAt ?? Date.now();
    const stat = taken?.stat ?? (await fileStat(uri));
    return stat.directory || stat.size > maxBytes ? undefined : { stat, statAt };
  }

  private known(uri: vscode.Uri, looked: { stat: FileStat; statAt: number }): { hash: string; withheld: boolean } | undefined {
    const cached = this.hashes.get(uri.toString());
    return cached && cached.stamp === memoryStamp(looked.stat) ? cached : undefined;
  }

  /**
   * Keeps what the bytes read hash to, under the file's stamp: not for a page that includes other files (F15), as
   * an included file can change while the page does not, nor for a file that changed just before it was read.
   */
  private async remember(r: Readers, uri: vscode.Uri, looked: { stat: FileStat; statAt: number }, bytes: Uint8Array, hash: string): Promise<{ hash: string; withheld: boolean }> {
    const key = uri.toString();
    const relativePath = workspaceSource(uri)?.relativePath ?? uri.path;
    const text = new TextDecoder().decode(bytes);
    const withheld = r.publishSwitchOf(bytes, relativePath) !== undefined || r.hasNoText(bytes, relativePath) || (await this.siteWithholds(r, uri, relativePath, text));
    const entry = { hash, withheld };
    if (r.mayInclude(text, relativePath)) {
      this.hashes.delete(key);
      this.includers.set(key, uri);
      return entry;
    }
    this.includers.delete(key);
    const stamp = memoryStamp(looked.stat, looked.statAt);
    if (stamp === undefined) this.hashes.delete(key);
    else this.hashes.set(key, { stamp, ...entry });
    return entry;
  }

  /**
   * Whether the file's docs site does not publish it (a partial, a file `exclude_docs` names), or no site of the
   * folder does (a changelog beside a site's docs), as a batch decides: named by an include glob, it is taken.
   */
  private async siteWithholds(r: Readers, uri: vscode.Uri, relativePath: string, text: string): Promise<boolean> {
    const root = r.siteRoot(uri)?.toString();
    if (root === undefined) return false;
    const kept = this.sites.get(root);
    // A config deleted with its folder may go unannounced: a resolver that lost one is read again.
    if (!this.sites.has(root) || (kept && !(await kept.stillCurrent()))) this.sites.set(root, r.editorSiteResolver(uri));
    const named = r.batchFileNamedByGlobs(uri).named === true;
    const facts = await this.sites.get(root)?.factsOf(relativePath, text, { named });
    return facts?.notPublished !== undefined || facts?.outsideSite !== undefined;
  }
}
