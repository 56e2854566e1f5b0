import * as vscode from 'vscode';
import type { IngestionRecord } from '../../core/ingest/history';
import { escapeMarkdown, markdownTableCell } from '../../core/text/markdown';
import { readSettings, SECTION } from '../services/settings';
import { ledgerServer, scopePair } from '../../core/ledger/scope';
import type { Sent, SendEvents } from '../sent/sendEvents';
import { alreadyHeldText, pairName } from '../views/format';


/**
 * The status bar item `docIngest.status`: the last ingestion's result, a spinner while one runs (a click then
 * cancels it), the error background and sentence on failure, the warning background and the rule when a file the
 * writer named is not to be published; a click otherwise opens the details.
 */
export class IngestStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('docIngest.status', vscode.StatusBarAlignment.Left, 50);
  private readonly subscriptions: vscode.Disposable[];
  /** The server of what the item shows, or undefined when idle: another server in use resets it. */
  private shownServer: string | undefined;

  constructor(sends: SendEvents) {
    this.item.name = vscode.l10n.t('Doc Ingest');
    this.showIdle();
    this.subscriptions = [
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${SECTION}.statusBar.enabled`)) this.applyVisibility();
        if (e.affectsConfiguration(`${SECTION}.baseUrl`)) this.resetIfAnotherServer();
      }),
      // The last action of this window, whatever it was (issue 38, items 1 and 2).
      sends.onDidSend((sent) => {
        if (sent.kind === 'file') this.show(sent.record);
        else if (sent.kind === 'batch') this.showBatch(sent);
        else this.showDeleted(sent);
      }),
    ];
    this.applyVisibility();
  }

  /** A server switch: what the item showed belongs to the old server, and the new one has seen nothing yet. */
  private resetIfAnotherServer(): void {
    const now = readSettings().baseUrl;
    if (this.shownServer !== undefined && (!now || ledgerServer(now) !== ledgerServer(this.shownServer))) this.showIdle();
  }

  private applyVisibility(): void {
    if (readSettings().statusBarEnabled) this.item.show();
    else this.item.hide();
  }

  private showIdle(): void {
    this.shownServer = undefined;
    this.item.text = '$(cloud-upload) Doc Ingest';
    this.item.tooltip = vscode.l10n.t('Doc Ingest: no ingestion yet in this window. Click for details.');
    this.item.accessibilityInformation = { label: vscode.l10n.t('Doc Ingest: no ingestion yet'), role: 'button' };
    this.item.backgroundColor = undefined;
    this.item.command = 'docIngest.showDetails';
  }

  show(record: IngestionRecord): void {
    this.shownServer = record.server;
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
    md.appendMarkdown(row(vscode.l10n.t('Pair'), pairName(r.ccPairId)));
    md.appendMarkdown(row(vscode.l10n.t('Server'), r.server));
    md.appendMarkdown(row(vscode.l10n.t('Time'), (r.finishedAt ?? r.startedAt).toLocaleString()));
    md.appendMarkdown(row(vscode.l10n.t('Request'), r.requestId));
    if (r.error) md.appendMarkdown(`\n\n${r.outcome === 'notPublished' ? '$(eye-closed)' : '$(error)'} ${escapeMarkdown(r.error)}`);
    if (r.alreadyHeld) md.appendMarkdown(`\n\n$(info) ${escapeMarkdown(alreadyHeldText())}`);
    md.appendMarkdown(`\n\n${escapeMarkdown(r.outcome === 'running' ? vscode.l10n.t('Click to cancel.') : vscode.l10n.t('Click for the last results.'))}`);
    return md;
  }

  /** A batch: how many were sent and failed, the summary in the tooltip, a click to the Results view. */
  private showBatch(sent: Extract<Sent, { kind: 'batch' }>): void {
    this.shownServer = sent.server;
    const c = sent.summary.counts;
    const failed = c.failed;
    const cancelled = sent.summary.stop?.reason === 'cancelled';
    const sentNow = c.created + c.updated;
    const counts = failed
      ? vscode.l10n.t('{0} sent, {1} failed', sentNow, failed)
      : vscode.l10n.t('{0} sent', sentNow);
    const icon = failed || sent.summary.stop?.reason === 'failure' ? '$(error)' : cancelled ? '$(circle-slash)' : '$(check)';
    this.item.text = `${icon} ${cancelled ? vscode.l10n.t('Cancelled: {0}', counts) : counts}`;
    this.item.backgroundColor = failed || sent.summary.stop?.reason === 'failure' ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
    this.item.accessibilityInformation = { label: vscode.l10n.t('Doc Ingest: {0}: {1}. Activate to show the results.', sent.label, counts), role: 'button' };
    this.item.command = 'docIngest.results.focus';
    const md = new vscode.MarkdownString(undefined, true);
    md.supportThemeIcons = true;
    md.isTrusted = { enabledCommands: ['docIngest.results.focus'] };
    md.appendMarkdown(`**${escapeMarkdown(cancelled ? vscode.l10n.t('Cancelled {0}', sent.label) : vscode.l10n.t('Ingested {0}', sent.label))}**\n\n`);
    md.appendMarkdown(`| | |\n|---|---|\n`);
    const row = (name: string, value: number) => (value ? `| ${markdownTableCell(name)} | ${value} |\n` : '');
    md.appendMarkdown(row(vscode.l10n.t('Created'), c.created));
    md.appendMarkdown(row(vscode.l10n.t('Updated'), c.updated));
    md.appendMarkdown(row(vscode.l10n.t('Unchanged'), c.unchanged));
    md.appendMarkdown(row(vscode.l10n.t('Skipped'), c.skipped));
    md.appendMarkdown(row(vscode.l10n.t('Failed'), c.failed));
    md.appendMarkdown(row(vscode.l10n.t('Not sent'), c.notSent));
    md.appendMarkdown(row(vscode.l10n.t('Cancelled under way'), c.cancelled));
    md.appendMarkdown(`| ${markdownTableCell(vscode.l10n.t('Server'))} | ${markdownTableCell(sent.server)} |\n`);
    md.appendMarkdown(`| ${markdownTableCell(vscode.l10n.t('Pair'))} | ${markdownTableCell(pairName(scopePair(sent.scope)))} |\n`);
    md.appendMarkdown(`| ${markdownTableCell(vscode.l10n.t('Time'))} | ${markdownTableCell(sent.at.toLocaleString())} |\n`);
    if (sent.summary.stop?.error) md.appendMarkdown(`\n\n$(error) ${escapeMarkdown(sent.summary.stop.error)}`);
    md.appendMarkdown(`\n\n[${escapeMarkdown(vscode.l10n.t('Show Results'))}](command:docIngest.results.focus)`);
    this.item.tooltip = md;
  }

  /** A document deleted from the service from this window. */
  private showDeleted(sent: Extract<Sent, { kind: 'deleted' }>): void {
    this.shownServer = sent.server;
    this.item.text = `$(trash) ${vscode.l10n.t('Deleted')}`;
    this.item.backgroundColor = undefined;
    this.item.accessibilityInformation = { label: vscode.l10n.t('Doc Ingest: {0} deleted from the service', sent.documentId), role: 'button' };
    this.item.command = 'docIngest.documents.focus';
    const md = new vscode.MarkdownString(undefined, true);
    md.supportThemeIcons = true;
    md.appendMarkdown(`**${escapeMarkdown(vscode.l10n.t('Deleted from the service'))}**: ${escapeMarkdown(sent.documentId)}\n\n`);
    md.appendMarkdown(`| | |\n|---|---|\n`);
    md.appendMarkdown(`| ${markdownTableCell(vscode.l10n.t('Pair'))} | ${markdownTableCell(pairName(scopePair(sent.scope)))} |\n`);
    md.appendMarkdown(`| ${markdownTableCell(vscode.l10n.t('Server'))} | ${markdownTableCell(sent.server)} |\n`);
    md.appendMarkdown(`| ${markdownTableCell(vscode.l10n.t('Time'))} | ${markdownTableCell(sent.at.toLocaleString())} |\n`);
    this.item.tooltip = md;
  }

  /** What the item shows now (tests read it: the item itself is VS Code's). */
  get shown(): { text: string; tooltip: string; command: string | undefined; error: boolean } {
    const t = this.item.tooltip;
    const command = this.item.command;
    return {
      text: this.item.text,
      tooltip: typeof t === 'string' ? t : t?.value ?? '',
      command: typeof command === 'string' ? command : command?.command,
      error: this.item.backgroundColor !== undefined && (this.item.backgroundColor as vscode.ThemeColor).id === 'statusBarItem.errorBackground',
    };
  }

  dispose(): void {
    vscode.Disposable.from(...this.subscriptions).dispose();
    this.item.dispose();
  }
}
