import * as vscode from 'vscode';
import { ConnectorFilesView } from '../views/connectorFilesView';

/** "Filter Connector Files...": shows only files whose name contains the text; empty clears the filter. */
export async function filterConnectorFiles(view: ConnectorFilesView): Promise<void> {
  const text = await vscode.window.showInputBox({
    title: vscode.l10n.t('Doc Ingest: Filter Connector Files'),
    prompt: vscode.l10n.t('Show files whose name contains this text (leave empty to show all)'),
    value: view.filter,
  });
  if (text !== undefined) view.setFilter(text);
}
