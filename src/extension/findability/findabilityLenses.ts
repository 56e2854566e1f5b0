import * as vscode from 'vscode';
import type { FindabilityResults } from './findabilityResults';
import { rankLabel } from './findabilityWords';
import { questionLine } from './questionLines';

/**
 * A CodeLens above each question written in a page ("#2 of 5", "not in the top 5"), from the page's last check; a
 * question edited since has none until the next check. A click shows the answers in the Findability view.
 */
export class FindabilityLenses implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly disposables: vscode.Disposable[];

  constructor(private readonly results: FindabilityResults) {
    this.disposables = [
      this.changed,
      results.onDidChange(() => this.changed.fire()),
      vscode.languages.registerCodeLensProvider([{ scheme: 'file' }, { scheme: 'untitled' }, { scheme: 'vscode-vfs' }], this),
    ];
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const result = this.results.of(document.uri);
    if (!result) return [];
    const lines = document.getText().split(/\r?\n/);
    return result.answers.flatMap((a) => {
      const line = questionLine(lines, a);
      if (line === undefined) return [];
      return [new vscode.CodeLens(new vscode.Range(line, 0, line, 0), {
        title: `${a.found ? '$(pass)' : '$(warning)'} ${rankLabel(a, result.top)}`,
        tooltip: vscode.l10n.t('Where the server ranks this page for “{0}”: show the answers', a.question.text),
        command: 'docIngest.findability.focus',
      })];
    });
  }

  dispose(): void {
    vscode.Disposable.from(...this.disposables).dispose();
  }
}
