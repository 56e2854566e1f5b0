import * as vscode from 'vscode';
import { sourceUri } from '../identity/sourceUri';
import type { FindabilityResults, PageResult } from './findabilityResults';
import { notFoundSentence } from './findabilityWords';
import { questionLine } from './questionLines';

/**
 * A warning in the Problems panel for each question that does not find its page (or its section), at the question
 * (in the page, or in the questions file), naming what outranks it; a workspace file that does is linked. Replaced
 * by each check of the page; a question found raises none.
 */
export class FindabilityDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('docIngest.findability');
  private readonly disposables: vscode.Disposable[];
  /** Per file that shows diagnostics, which checked pages put them there. */
  private readonly byFile = new Map<string, Map<string, vscode.Diagnostic[]>>();

  constructor(private readonly results: FindabilityResults) {
    this.disposables = [this.collection, results.onDidChange(() => void this.redraw())];
  }

  private async redraw(): Promise<void> {
    for (const r of this.results.all()) await this.place(r);
  }

  private async place(r: PageResult): Promise<void> {
    const page = r.page.uri.toString();
    for (const [file, byPage] of this.byFile) {
      if (byPage.delete(page)) this.collection.set(vscode.Uri.parse(file), [...byPage.values()].flat());
    }
    const pageLines = await linesOf(r.page.uri);
    const fileLines = r.page.questionsFile && (await linesOf(r.page.questionsFile));
    for (const a of r.answers.filter((x) => !x.found)) {
      const inFile = a.question.file !== undefined && r.page.questionsFile;
      const target = inFile ? r.page.questionsFile! : r.page.uri;
      const line = inFile ? Math.max(0, (a.question.line ?? 1) - 1) : questionLine(pageLines, a) ?? 0;
      const text = (inFile ? fileLines : pageLines)?.[line] ?? '';
      const d = new vscode.Diagnostic(new vscode.Range(line, text.length - text.trimStart().length, line, Math.max(text.length, 1)), notFoundSentence(a, r.top), vscode.DiagnosticSeverity.Warning);
      d.source = 'Doc Ingest';
      d.code = 'notFindable';
      d.relatedInformation = a.above.flatMap((o) => {
        const uri = o.path === undefined ? undefined : sourceUri(o.path);
        return uri ? [new vscode.DiagnosticRelatedInformation(new vscode.Location(uri, new vscode.Position(0, 0)), vscode.l10n.t('{0} outranks the page for this question', o.path ?? ''))] : [];
      });
      let byPage = this.byFile.get(target.toString());
      if (!byPage) this.byFile.set(target.toString(), (byPage = new Map()));
      byPage.set(page, [...(byPage.get(page) ?? []), d]);
    }
    for (const [file, byPage] of this.byFile) this.collection.set(vscode.Uri.parse(file), [...byPage.values()].flat());
  }

  dispose(): void {
    vscode.Disposable.from(...this.disposables).dispose();
  }
}

async function linesOf(uri: vscode.Uri): Promise<string[]> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return open.getText().split(/\r?\n/);
  const bytes = await vscode.workspace.fs.readFile(uri).then(undefined, () => undefined);
  return bytes ? new TextDecoder().decode(bytes).split(/\r?\n/) : [];
}
