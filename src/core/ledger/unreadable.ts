/**
 * A stored ledger this version cannot read whole (damaged, or written by another format version) is never
 * silently replaced: each storage keeps the old record beside the new one, under a label that says why, and says
 * so once.
 */
import { LEDGER_VERSION, parseLedgerData } from './schema';
import type { LedgerData, ParsedLedger } from './schema';
import * as l10n from '@vscode/l10n';

export interface UnreadableLedger {
  /** Names the copy kept: `v2` for another format version, `damaged` for anything else. */
  label: string;
  /** What is wrong, to follow “The ledger <where>”: `has format version 2, which this version does not read`. */
  what: string;
  /** What could be read (empty when nothing could): the ledger goes on with it. */
  salvaged: LedgerData;
}

/** Undefined when `raw` (the stored data) reads whole, or is absent; `parsed`: what `parseLedgerData` made of it. */
export function unreadableLedger(raw: unknown, parsed: ParsedLedger = parseLedgerData(raw)): UnreadableLedger | undefined {
  if (parsed.problem === undefined) return undefined;
  const version = typeof raw === 'object' && raw !== null && 'version' in raw ? raw.version : undefined;
  if (Number.isSafeInteger(version) && version !== LEDGER_VERSION) {
    return { label: `v${String(version)}`, what: l10n.t('has format version {0}, which this version does not read', String(version)), salvaged: parsed.data };
  }
  const dropped = count(raw) - count(parsed.data);
  return { label: 'damaged', what: count(parsed.data) > 0 ? l10n.t('has {0} unreadable entries', dropped) : l10n.t('is damaged'), salvaged: parsed.data };
}

/** What `unreadable` means for the files: the sentence's end. */
export function unreadableConsequence(unreadable: UnreadableLedger): string {
  return count(unreadable.salvaged) > 0
    ? l10n.t('the entries that could be read are kept, and the files of the others count as never ingested')
    : l10n.t('a new ledger starts, so every file counts as never ingested');
}

/** Documents and uploads in stored data, however damaged (anything else counts 0). */
function count(data: unknown): number {
  const lists = (d: unknown, outer: string, inner: string): unknown[] => {
    const groups = d && typeof d === 'object' ? (d as Record<string, unknown>)[outer] : undefined;
    return Array.isArray(groups) ? groups.flatMap((g: unknown) => {
      const list = g && typeof g === 'object' ? (g as Record<string, unknown>)[inner] : undefined;
      return Array.isArray(list) ? list : [];
    }) : [];
  };
  return lists(data, 'scopes', 'documents').length + lists(data, 'images', 'uploads').length;
}
