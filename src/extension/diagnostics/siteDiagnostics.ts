import * as vscode from 'vscode';
import { SITE_CONFIG_FILES } from '../../core/site/configFiles';
import type { SiteWarning } from '../../core/site/types';
import { workspaceSource } from '../identity/workspaceSource';
import { SECTION } from '../services/settings';

/** Files a docs site reads besides its config: a change in one may add or clear a warning. */
const SITE_FILE = /^(?:sidebars\.(?:js|cjs|mjs|ts|json)|_category_\.(?:json|ya?ml))$/;

/**
 * What a docs site's config leaves unknown (F15: a setting that is no literal, sidebars only running them would
 * tell, no site address) as warnings at their lines, whenever a config or sidebars file is opened or saved: the
 * writer reads what to give instead where they edit, not only in Show Site Settings or on the command line. The
 * config is read from disk as data, never run, as everywhere.
 */
export class SiteDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('Doc Ingest: docs site');
  /** The files each site (by its config's URI) last put warnings on. */
  private readonly shown = new Map<string, vscode.Uri[]>();
  private readonly subscriptions: vscode.Disposable[];

  constructor() {
    this.subscriptions = [
      this.collection,
      vscode.workspace.onDidOpenTextDocument((d) => void this.check(d.uri)),
      vscode.workspace.onDidSaveTextDocument((d) => void this.check(d.uri)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${SECTION}.diagnostics.enabled`)) this.checkAll();
      }),
    ];
    this.checkAll();
  }

  private checkAll(): void {
    for (const d of vscode.workspace.textDocuments) void this.check(d.uri);
  }

  private async check(uri: vscode.Uri): Promise<void> {
    const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
    if (uri.scheme !== 'file' || !(SITE_CONFIG_FILES.includes(name) || SITE_FILE.test(name))) return;
    const source = workspaceSource(uri);
    if (!source) return;
    const { folder } = source;
    // The site readers load with the first site file opened, not with the extension (issue 27).
    const { editorSiteResolver } = await import('../ingest/site.js');
    const site = await editorSiteResolver(uri)?.siteOf(source.relativePath).catch(() => undefined);
    if (!site) return;
    const key = vscode.Uri.joinPath(folder.uri, site.configFile).toString();
    for (const old of this.shown.get(key) ?? []) this.collection.delete(old);
    this.shown.delete(key);
    if (!vscode.workspace.getConfiguration(SECTION, uri).get<boolean>('diagnostics.enabled', true)) return;
    const byFile = new Map<string, SiteWarning[]>();
    for (const w of site.warnings) byFile.set(w.file, [...(byFile.get(w.file) ?? []), w]);
    const shown: vscode.Uri[] = [];
    for (const [file, warnings] of byFile) {
      const target = vscode.Uri.joinPath(folder.uri, file);
      this.collection.set(target, warnings.map((w) => diagnostic(target, w)));
      shown.push(target);
    }
    this.shown.set(key, shown);
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}

/** A warning over its whole line (the first line when it has none); its code is the setting it names. */
function diagnostic(uri: vscode.Uri, warning: SiteWarning): vscode.Diagnostic {
  const line = Math.max((warning.line ?? 1) - 1, 0);
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  const range = open && line < open.lineCount ? open.lineAt(line).range : new vscode.Range(line, 0, line, Number.MAX_SAFE_INTEGER);
  // The panel shows the file and line: the sentence starts with what is wrong.
  const place = /^(?: line \d+)?:\s*/.exec(warning.message.slice(warning.file.length));
  const message = warning.message.startsWith(warning.file) && place ? warning.message.slice(warning.file.length + place[0].length) : warning.message;
  const d = new vscode.Diagnostic(range, message, vscode.DiagnosticSeverity.Warning);
  d.source = 'Doc Ingest';
  d.code = warning.setting;
  return d;
}
