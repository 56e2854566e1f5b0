import * as vscode from 'vscode';
import type { DocumentError } from '../../core/documents/problems/errors';
import { withheldSentence } from '../../core/files/publishRules';
import { folderPublishRules } from '../identity/listFiles';
import { workspaceSource } from '../identity/workspaceSource';

/**
 * Why a file the writer named (Ingest Current File, Ingest Selection, the Explorer's menu) is not sent, and where
 * that is written: the rule file's line, or the page's own front matter line.
 */
export interface KeptBack {
  sentence: string;
  at?: { uri: vscode.Uri; line: number };
}

/**
 * The `.docingestignore` line that keeps back a file of a workspace folder although it is named outright (F15,
 * issue 34): git's files and the hidden rule only keep batches from sweeping it in, so naming it overrides them.
 * Asked before the file is read, so the writer is told at once.
 */
export function ignoreLineOf(uri: vscode.Uri): KeptBack | undefined {
  const place = uri.scheme === 'untitled' ? undefined : workspaceSource(uri);
  const ignored = place && folderPublishRules(place.folder).withheldNamed(place.relativePath);
  if (!place || !ignored) return undefined;
  return { sentence: withheldSentence(place.key, ignored), at: { uri: vscode.Uri.joinPath(place.folder.uri, ignored.file), line: ignored.line } };
}

/** What the page says about itself (`draft: true` at its line, a site partial): the build's `notPublished` refusal. */
export function keptBackByPage(uri: vscode.Uri, e: DocumentError): KeptBack {
  return { sentence: e.message, at: e.line === undefined ? undefined : { uri, line: e.line } };
}

/** The sentence as a notification, not an error (nothing failed), with a button that opens the rule at its line. */
export function showKeptBack(kept: KeptBack): void {
  const { at } = kept;
  const open = at && vscode.l10n.t('Open {0} at Line {1}', at.uri.path.split('/').pop() ?? '', at.line);
  void vscode.window.showInformationMessage(kept.sentence, ...(open ? [open] : [])).then(async (choice) => {
    if (!at || choice !== open) return;
    const line = new vscode.Position(at.line - 1, 0);
    await vscode.window.showTextDocument(at.uri, { selection: new vscode.Range(line, line) });
  });
}
