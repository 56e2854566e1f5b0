import * as vscode from 'vscode';
import type { IngestionHistory, IngestionRecord } from '../../core/ingest/history';
import { pairName } from '../views/format';

const ICON: Record<IngestionRecord['outcome'], string> = {
  running: '$(sync~spin)', created: '$(pass)', updated: '$(pass)', failed: '$(error)', cancelled: '$(circle-slash)', notPublished: '$(eye-closed)',
};

/**
 * "Doc Ingest: Show Ingestion Details": the last results of this window in a quick pick (keyboard-first and
 * read by screen readers). A failed one can be ingested again; any other opens its source. The title names the
 * server's version once it answers (`GET version`), never holding the list back for it.
 */
export async function showDetails(history: IngestionHistory, serverVersion?: () => Promise<string | undefined>): Promise<void> {
  type Item = vscode.QuickPickItem & { record: IngestionRecord };
  const again: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('refresh'), tooltip: vscode.l10n.t('Ingest Again') };
  const items: Item[] = history.all().map((r) => ({
    label: `${ICON[r.outcome]} ${r.title}`,
    description: outcomeText(r),
    detail: [
      r.documentId && vscode.l10n.t('id {0}', r.documentId),
      pairName(r.ccPairId),
      r.server,
      (r.finishedAt ?? r.startedAt).toLocaleTimeString(),
      vscode.l10n.t('request {0}', r.requestId),
      r.error,
    ].filter(Boolean).join(' · '),
    buttons: r.outcome === 'failed' || r.outcome === 'cancelled' ? [again] : [],
    record: r,
  }));
  if (!items.length) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Nothing ingested yet in this window. Run "Doc Ingest: Ingest Current File".'));
    return;
  }
  const pick = vscode.window.createQuickPick<Item>();
  pick.title = vscode.l10n.t('Doc Ingest: Last Results');
  pick.placeholder = vscode.l10n.t('Enter on a failed result ingests it again; on another opens its file');
  pick.items = items;
  pick.matchOnDescription = true;
  pick.matchOnDetail = true;
  const act = async (record: IngestionRecord) => {
    pick.hide();
    if (record.outcome === 'failed' || record.outcome === 'cancelled') {
      await vscode.commands.executeCommand('docIngest.ingestAgain', record);
    } else {
      await vscode.window.showTextDocument(vscode.Uri.parse(record.sourceUri));
    }
  };
  pick.onDidTriggerItemButton((e) => void act(e.item.record));
  pick.onDidAccept(() => {
    const chosen = pick.selectedItems[0];
    if (chosen) void act(chosen.record);
  });
  pick.onDidHide(() => pick.dispose());
  pick.show();
  // A server without the route, or none reachable: the title stays as it is.
  void serverVersion?.().then((version) => {
    if (version) pick.title = vscode.l10n.t('Doc Ingest: Last Results (server {0})', version);
  }, () => undefined);
}

function outcomeText(r: IngestionRecord): string {
  switch (r.outcome) {
    case 'running': return vscode.l10n.t('running');
    case 'created': return vscode.l10n.t('created');
    case 'updated': return r.alreadyHeld ? vscode.l10n.t('updated; already held: sent from elsewhere?') : vscode.l10n.t('updated');
    case 'failed': return vscode.l10n.t('failed');
    case 'cancelled': return r.mayHaveApplied ? vscode.l10n.t('cancelled; the server may still apply it') : vscode.l10n.t('cancelled');
    case 'notPublished': return vscode.l10n.t('not published');
  }
}
