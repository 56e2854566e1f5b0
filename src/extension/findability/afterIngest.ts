import * as vscode from 'vscode';
import type { SendEvents } from '../sent/sendEvents';
import { readSettings } from '../services/settings';
import type { FindabilityChecker } from './findabilityChecker';

/**
 * `docIngest.findability.afterIngest` (off by default): after each Ingest Current File that sent a whole page, its
 * questions are asked, waiting briefly (bounded) while the server indexes it. A selection is not the page and is
 * not checked. A page that some question misses says so once, with the way to the answers.
 */
export class FindabilityAfterIngest implements vscode.Disposable {
  private readonly subscription: vscode.Disposable;
  /** The checks under way, so that a test (and deactivation) can wait for them. */
  private readonly running = new Set<Promise<void>>();

  constructor(sends: SendEvents, private readonly checker: () => Promise<FindabilityChecker>) {
    this.subscription = sends.onDidSend((sent) => {
      if (sent.kind !== 'file' || sent.record.selection || (sent.record.outcome !== 'created' && sent.record.outcome !== 'updated')) return;
      const uri = vscode.Uri.parse(sent.record.sourceUri);
      if (!readSettings(uri).findabilityAfterIngest) return;
      const run = this.check(uri).finally(() => this.running.delete(run));
      this.running.add(run);
    });
  }

  private async check(uri: vscode.Uri): Promise<void> {
    const results = await (await this.checker()).check([uri], { justSent: true });
    const r = results?.[0];
    const missed = r?.answers.filter((a) => !a.found).length ?? 0;
    if (!r || !missed) return;
    const show = vscode.l10n.t('Show Answers');
    const choice = await vscode.window.showWarningMessage(vscode.l10n.t('{0} of {1} questions do not find {2} in the top {3}.', missed, r.answers.length, r.page.path, r.top), show);
    if (choice === show) await vscode.commands.executeCommand('docIngest.findability.focus');
  }

  /** Resolves when every check started so far has ended. */
  async settled(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }

  dispose(): void {
    this.subscription.dispose();
  }
}
