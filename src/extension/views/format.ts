import * as vscode from 'vscode';
import { DEFAULT_CC_PAIR_ID } from '../../core/config/defaults';
import { DateTexts, parseServerTime, scaledSize } from './fileRows';

export { parseServerTime };

/** 1536 → "1.5 KB"; undefined → "size unknown". Binary multiples, as file managers show them. */
export function humanSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || bytes < 0) return vscode.l10n.t('size unknown');
  return scaledSize(bytes) ?? vscode.l10n.t('{0} B', bytes);
}

/**
 * "3 days ago"; undefined or unparsable → "date unknown". A time without offset is the server's UTC. A view
 * that shows many dates passes its own `dates`, so that the formatters are made once.
 */
export function relativeTime(iso: string | null | undefined, now = Date.now(), dates = new DateTexts(vscode.env.language)): { text: string; exact: string | undefined } {
  const date = parseServerTime(iso);
  if (!date) return { text: vscode.l10n.t('date unknown'), exact: undefined };
  return { text: dates.relative(date, now), exact: dates.exact(date) };
}

/** Why an update may be news (the results view, the status bar): the server held a document this editor never sent. */
export function alreadyHeldText(): string {
  return vscode.l10n.t('The server already held this document although this editor never sent it: sent from another clone or a pipeline, or dropped by the server, which answers the same.');
}

/**
 * One name for a connector pair everywhere the editor shows one (issue 38, item 8): undefined is the server's
 * default pair, which is pair 1 (docs/architecture.md#ingestion).
 */
export function pairName(ccPairId: number | undefined): string {
  return ccPairId === undefined || ccPairId === DEFAULT_CC_PAIR_ID
    ? vscode.l10n.t('pair {0} (default)', DEFAULT_CC_PAIR_ID)
    : vscode.l10n.t('pair {0}', ccPairId);
}

/** A server as a view's description names it: its host and path, without the scheme. */
export function serverLabel(baseUrl: string): string {
  return baseUrl.replace(/^https?:\/\//, '').replace(/\/+$/, '');
}
