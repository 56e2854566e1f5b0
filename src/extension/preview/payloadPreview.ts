import * as vscode from 'vscode';
import { DocumentPlaces } from '../ingest/documentPlace';
import { SECTION } from '../services/settings';
import type { Ledger } from '../../core/ledger/ledger';
import type { PreviewBody } from './previewBody';

/** The document builder loads with the first preview, not with the extension (issue 27). */
const previewBody = async (...args: Parameters<typeof import('./previewBody.js').previewBody>) => (await import('./previewBody.js')).previewBody(...args);

export const PREVIEW_SCHEME = 'doc-ingest-preview';

/** Edits come in bursts: the preview is rebuilt once typing pauses. */
const DEBOUNCE_MS = 300;

/**
 * Read-only JSON documents (`doc-ingest-preview:`) holding the request body of a source file, rebuilt when the
 * source's text or the Doc Ingest settings change, while the preview is open. The source's URI is the preview
 * URI's query, so that a preview survives a window reload.
 */
export class PayloadPreview implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  /** Pending rebuild per preview URI. */
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly subscriptions: vscode.Disposable[];
  private disposed = false;

  /** `projectChanged`: a `.doc-ingest.json` changed (the id prefix, links and pair may come from it). */
  constructor(private readonly places: DocumentPlaces, private readonly ledger: Promise<Ledger>, projectChanged: vscode.Event<void>) {
    this.subscriptions = [
      this.changed,
      vscode.workspace.onDidChangeTextDocument((e) => this.sourceChanged(e.document.uri)),
      vscode.workspace.onDidSaveTextDocument((d) => this.sourceChanged(d.uri)),
      // A notebook in the notebook editor is no text document: its cells' edits and its saves come from here.
      vscode.workspace.onDidChangeNotebookDocument((e) => this.sourceChanged(e.notebook.uri)),
      vscode.workspace.onDidSaveNotebookDocument((n) => this.sourceChanged(n.uri)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(SECTION)) this.scheduleAll();
      }),
      projectChanged(() => this.scheduleAll()),
    ];
    // An image uploaded meanwhile: its placeholder becomes the upload's file id.
    void ledger.then((l) => {
      const stop = l.onDidChange((c) => c.kind === 'images' && this.scheduleAll());
      if (this.disposed) stop();
      else this.subscriptions.push({ dispose: stop });
    });
  }

  /** The body shown for `source`, built now. */
  body(source: vscode.Uri): Promise<PreviewBody> {
    return previewBody(source, this.places, this.ledger);
  }

  private scheduleAll(): void {
    for (const p of this.openPreviews()) this.schedule(p.uri);
  }

  /** The preview document's URI of a source file: its name shows in the editor tab. */
  static uriOf(source: vscode.Uri): vscode.Uri {
    const name = source.path.split('/').pop() || 'untitled';
    return vscode.Uri.from({ scheme: PREVIEW_SCHEME, path: `/${name}.payload.json`, query: source.toString() });
  }

  static sourceOf(preview: vscode.Uri): vscode.Uri {
    return vscode.Uri.parse(preview.query, true);
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    return (await this.body(PayloadPreview.sourceOf(uri))).text;
  }

  private openPreviews(): vscode.TextDocument[] {
    return vscode.workspace.textDocuments.filter((d) => d.uri.scheme === PREVIEW_SCHEME && !d.isClosed);
  }

  private sourceChanged(source: vscode.Uri): void {
    if (source.scheme === PREVIEW_SCHEME) return;
    const key = source.toString();
    for (const p of this.openPreviews()) if (p.uri.query === key) this.schedule(p.uri);
  }

  private schedule(preview: vscode.Uri): void {
    const key = preview.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(key, setTimeout(() => {
      this.timers.delete(key);
      this.changed.fire(preview);
    }, DEBOUNCE_MS));
  }

  dispose(): void {
    this.disposed = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    for (const s of this.subscriptions) s.dispose();
  }
}
