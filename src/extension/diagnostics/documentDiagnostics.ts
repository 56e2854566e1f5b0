import * as vscode from 'vscode';
import { DocumentError } from '../../core/documents/problems/errors';
import type { DocumentProblem } from '../../core/documents/problems/problems';
import { isBatchFile } from '../identity/listFiles';
import { DocumentPlaces } from '../ingest/documentPlace';
import type { ImageRefusal } from '../../core/ingest/imageFiles';
import type { imageReader } from '../ingest/images';
import { SECTION } from '../services/settings';

const SOURCE = 'Doc Ingest';
/** Edits come in bursts: the document is built once typing pauses. */
const DEBOUNCE_MS = 300;

const SEVERITY: Record<DocumentProblem['severity'], vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
};

/**
 * Problems of building an open source file (F11) as diagnostics on it, before anything is sent: what the build
 * reports, a build failure, and local images that are missing, outside the workspace, no image or too large. Only
 * open documents inside the workspace that a batch would take (or Markdown in an editor); no git and no network,
 * debounced.
 */
export class DocumentDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection(SOURCE);
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly subscriptions: vscode.Disposable[];

  /** `projectChanged`: a `.doc-ingest.json` changed (the globs and the id prefix come from it too). */
  constructor(private readonly places: DocumentPlaces, projectChanged: vscode.Event<void>) {
    this.subscriptions = [
      this.collection,
      vscode.workspace.onDidOpenTextDocument((d) => this.schedule(d, 0)),
      vscode.workspace.onDidChangeTextDocument((e) => this.schedule(e.document, DEBOUNCE_MS)),
      vscode.workspace.onDidSaveTextDocument((d) => this.schedule(d, 0)),
      vscode.workspace.onDidCloseTextDocument((d) => this.forget(d.uri)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(SECTION)) this.checkAll();
      }),
      projectChanged(() => this.checkAll()),
    ];
    this.checkAll();
  }

  private checkAll(): void {
    for (const d of vscode.workspace.textDocuments) this.schedule(d, 0);
  }

  private wanted(document: vscode.TextDocument): boolean {
    const uri = document.uri;
    if (uri.scheme !== 'file' || document.isClosed || !vscode.workspace.getWorkspaceFolder(uri)) return false;
    if (!vscode.workspace.getConfiguration(SECTION, uri).get<boolean>('diagnostics.enabled', true)) return false;
    return isBatchFile(uri) || document.languageId === 'markdown' || document.languageId === 'mdx';
  }

  private schedule(document: vscode.TextDocument, delay: number): void {
    const key = document.uri.toString();
    if (document.uri.scheme !== 'file') return;
    clearTimeout(this.timers.get(key));
    if (!this.wanted(document)) {
      this.timers.delete(key);
      this.collection.delete(document.uri);
      return;
    }
    this.timers.set(key, setTimeout(() => {
      this.timers.delete(key);
      void this.check(document);
    }, delay));
  }

  private forget(uri: vscode.Uri): void {
    clearTimeout(this.timers.get(uri.toString()));
    this.timers.delete(uri.toString());
    this.collection.delete(uri);
  }

  private async check(document: vscode.TextDocument): Promise<void> {
    const version = document.version;
    let diagnostics: vscode.Diagnostic[];
    try {
      diagnostics = await this.diagnose(document);
    } catch {
      return; // e.g. the file went away meanwhile; its next event checks it again
    }
    // A newer edit has its own check coming; a closed document keeps no diagnostics.
    if (document.isClosed || document.version !== version || !this.wanted(document)) return;
    this.collection.set(document.uri, diagnostics);
  }

  private async diagnose(document: vscode.TextDocument): Promise<vscode.Diagnostic[]> {
    // The document builder loads with the first check, not with the extension (issue 27).
    const [{ readEditorSource }, { buildFile }, { problemsOf }, { localImageReferences }, { imageReader }] = await Promise.all([
      import('../ingest/sourceFile.js'), import('../../core/ingest/pipeline.js'), import('../../core/documents/problems/problems.js'),
      import('../../core/ingest/images.js'), import('../ingest/images.js'),
    ]);
    const source = await readEditorSource(document.uri, this.places, { git: false });
    let problems: DocumentProblem[];
    try {
      problems = buildFile(source.file, source.config).problems;
    } catch (e) {
      if (!(e instanceof DocumentError)) throw e;
      problems = problemsOf(e).map((p) => ({ ...p, line: p.line ?? 1 }));
    }
    const diagnostics = problems.map((p) => this.diagnostic(document, p.line, p.message, SEVERITY[p.severity], p.code));
    if (source.text !== undefined) {
      // The same references and reader Ingest Current File uploads with, so the two never disagree.
      const reader = imageReader(document.uri);
      // As Ingest Current File and a batch do with it (issue 35, item 7): `stop` (the default) does not send the page,
      // so the image is an error here too; `skipImage` sends the text without it.
      const stop = source.settings.imagesOnProblem === 'stop';
      for (const image of localImageReferences(source.text, source.place.relativePath, source.place.markdown, source.file.site)) {
        const path = image.path as string;
        const problem = image.outside ? 'outside' : await imageProblem(reader, path);
        if (!problem) continue;
        // A GIF or SVG is left out whatever the policy: the page is sent without it (issue 35, item 5).
        if (problem === 'unsupported') {
          diagnostics.push(this.diagnostic(document, image.line, imageProblemText(problem, path), vscode.DiagnosticSeverity.Warning, IMAGE_CODES[problem]));
          continue;
        }
        const text = stop
          ? vscode.l10n.t('{0} The page is not sent: fix the image reference, or set docIngest.images.onProblem to skipImage to send the text without it.', imageProblemText(problem, path))
          : vscode.l10n.t('{0} The page is sent without it (docIngest.images.onProblem is skipImage).', imageProblemText(problem, path));
        diagnostics.push(this.diagnostic(document, image.line, text, stop ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning, IMAGE_CODES[problem]));
      }
    }
    return diagnostics;
  }

  /** A diagnostic over the whole of its (1-based) line; the first line when the problem has no place. */
  private diagnostic(document: vscode.TextDocument, line: number | undefined, message: string, severity: vscode.DiagnosticSeverity, code: string): vscode.Diagnostic {
    const index = Math.min(Math.max((line ?? 1) - 1, 0), Math.max(document.lineCount - 1, 0));
    const d = new vscode.Diagnostic(document.lineAt(index).range, message, severity);
    d.source = SOURCE;
    d.code = code;
    return d;
  }

  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    for (const s of this.subscriptions) s.dispose();
  }
}

type ImageProblem = ImageRefusal | 'missing';

const IMAGE_CODES: Record<ImageProblem, string> = { outside: 'imageOutside', missing: 'imageMissing', notImage: 'imageNotImage', tooLarge: 'imageTooLarge', unsupported: 'imageUnsupported' };

/** What keeps the image from being sent, judged without reading it whole; undefined when nothing does. */
async function imageProblem(reader: ReturnType<typeof imageReader>, path: string): Promise<ImageProblem | undefined> {
  try {
    await reader.check(path);
    return undefined;
  } catch (e) {
    const { ImageRefusedError } = await import('../../core/ingest/imageFiles.js');
    return e instanceof ImageRefusedError ? e.reason : 'missing';
  }
}

function imageProblemText(problem: ImageProblem, path: string): string {
  switch (problem) {
    case 'outside':
      return vscode.l10n.t('The image {0} is outside the workspace, so it cannot be uploaded.', path);
    case 'notImage':
      return vscode.l10n.t('{0} is not a PNG, JPEG or WebP image (by its name and content), so it cannot be uploaded.', path);
    case 'unsupported':
      return vscode.l10n.t('The image {0} is a GIF or SVG, which the server refuses to upload (it takes PNG, JPEG and WebP), so the page is sent without it: convert it to PNG to send it.', path);
    case 'tooLarge':
      return vscode.l10n.t('The image {0} is larger than docIngest.images.maxSizeMB, so it cannot be uploaded.', path);
    case 'missing':
      return vscode.l10n.t('The image {0} does not exist.', path);
  }
}
