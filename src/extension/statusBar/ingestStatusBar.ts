import * as vscode from 'vscode';
import type { IngestionRecord } from '../../core/ingest/history';
import { escapeMarkdown, markdownTableCell } from '../../core/text/markdown';
import { readSettings, SECTION } from '../settings';
import { alreadyHeldText } from '../views/format';

/**
 * The status bar item `docIngest.status`: the last ingestion's result, a spinner while one runs (a click then
 * cancels it), the error background and sentence on failure, the warning background and the rule when a file the
 * writer named is not to be published; a click otherwise opens the details.
 */
export class IngestStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('docIngest.status', vscode.StatusBarAlignment.Left, 50);
  private readonly subscription: vscode.Disposable;

  constructor() {
    this.item.name = vscode.l10n.t('Doc Ingest');
    this.showIdle();
    this.subscription = vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(`${SECTION}.statusBar.enabled`)) this.applyVisibility();
    });
    this.applyVisibility();
  }

  private applyVisibility(): void {
    if (readSettings().statusBarEnabled) this.item.show();
    else this.item.hide();
  }

  private showIdle(): void {
    this.item.text = '$(cloud-upload) Doc Ingest';
    this.item.tooltip = vscode.l10n.t('Doc Ingest: no ingestion yet in this window. Click for details.');
    this.item.accessibilityInformation = { label: vscode.l10n.t('Doc Ingest: no ingestion yet'), role: 'button' };
    this.item.backgroundColor = undefined;
    this.item.command = 'docIngest.showDetails';
  }

  show(record: IngestionRecord): void {
    const { text, label } = this.describe(record);
    this.item.text = text;
    this.item.accessibilityInformation = { label, role: 'button' };
    this.item.backgroundColor = record.outcome === 'failed'
      ? new vscode.ThemeColor('statusBarItem.errorBackground')
      : record.outcome === 'notPublished' ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.command = record.outcome === 'running' ? 'docIngest.cancelIngestion' : 'docIngest.showDetails';
    this.item.tooltip = this.tooltip(record);
  }

  private describe(r: IngestionRecord): { text: string; label: string } {
    switch (r.outcome) {
      case 'running':
        return { text: `$(sync~spin) ${vscode.l10n.t('Ingesting…')}`, label: vscode.l10n.t('Doc Ingest: ingesting {0}. Activate to cancel.', r.title) };
      case 'created':
        return { text: `$(check) ${vscode.l10n.t('Created')}`, label: vscode.l10n.t('Doc Ingest: {0} created', r.title) };
      case 'updated':
        return r.alreadyHeld
          ? { text: `$(check) ${vscode.l10n.t('Updated; already held')}`, label: vscode.l10n.t('Doc Ingest: {0} updated; the server already held it although this editor never sent it: sent from elsewhere?', r.title) }
          : { text: `$(check) ${vscode.l10n.t('Updated')}`, label: vscode.l10n.t('Doc Ingest: {0} updated', r.title) };
      case 'cancelled':
        return r.mayHaveApplied
          ? { text: `$(circle-slash) ${vscode.l10n.t('Cancelled; the server may still apply it')}`, label: vscode.l10n.t('Doc Ingest: ingestion of {0} cancelled after the request had left; the server may still apply it', r.title) }
          : { text: `$(circle-slash) ${vscode.l10n.t('Cancelled')}`, label: vscode.l10n.t('Doc Ingest: ingestion of {0} cancelled', r.title) };
      case 'failed':
        return { text: `$(error) ${vscode.l10n.t('Failed')}`, label: vscode.l10n.t('Doc Ingest: {0} failed. {1}', r.title, r.error ?? '') };
      case 'notPublished':
        return { text: `$(eye-closed) ${vscode.l10n.t('Not published')}`, label: vscode.l10n.t('Doc Ingest: {0} not published. {1}', r.title, r.error ?? '') };
    }
  }

  private tooltip(r: IngestionRecord): vscode.MarkdownString {
    const md = new vscode.MarkdownString(undefined, true);
    md.supportThemeIcons = true;
    const row = (name: string, value: string | undefined) => (value ? `| ${markdownTableCell(name)} | ${markdownTableCell(value)} |\n` : '');
    // Every value is escaped: an id such as `guide~setup.md~install` would otherwise render struck through.
    md.appendMarkdown(`**${escapeMarkdown(this.describe(r).text.replace(/^\$\([^)]+\)\s*/, ''))}**: ${escapeMarkdown(r.title)}\n\n`);
    md.appendMarkdown(`| | |\n|---|---|\n`);
    md.appendMarkdown(row(vscode.l10n.t('Document id'), r.documentId));
    md.appendMarkdown(row(vscode.l10n.t('Pair'), r.ccPairId === undefined ? vscode.l10n.t('server default') : String(r.ccPairId)));
    md.appendMarkdown(row(vscode.l10n.t('Server'), r.server));
    md.appendMarkdown(row(vscode.l10n.t('Time'), (r.finishedAt ?? r.startedAt).toLocaleString()));
    md.appendMarkdown(row(vscode.l10n.t('Request'), r.requestId));
    if (r.error) md.appendMarkdown(`\n\n${r.outcome === 'notPublished' ? '$(eye-closed)' : '$(error)'} ${escapeMarkdown(r.error)}`);
    if (r.alreadyHeld) md.appendMarkdown(`\n\n$(info) ${escapeMarkdown(alreadyHeldText())}`);
    md.appendMarkdown(`\n\n${escapeMarkdown(r.outcome === 'running' ? vscode.l10n.t('Click to cancel.') : vscode.l10n.t('Click for the last results.'))}`);
    return md;
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }
}
