import * as vscode from 'vscode';
import type { Answer, Outranking } from '../../core/findability';

/**
 * How a rank reads in the CodeLens and the view: "#2 of 5", "#2 of 5, section #1", "not in the top 5". A question
 * that expects a section is found only with it, so "section not in the top 5" says why a page at #2 is a miss.
 */
export function rankLabel(a: Answer, top: number): string {
  if (a.pageRank === undefined) return vscode.l10n.t('not in the top {0}', top);
  if (a.question.anchor === undefined) return vscode.l10n.t('#{0} of {1}', a.pageRank, top);
  return a.sectionRank === undefined
    ? vscode.l10n.t('#{0} of {1}, section not in the top {1}', a.pageRank, top)
    : vscode.l10n.t('#{0} of {1}, section #{2}', a.pageRank, top, a.sectionRank);
}

/** A document above the page: its workspace file when it is one, else its title in quotes. */
export function outrankingName(o: Outranking): string {
  return o.path ?? `“${o.title}”`;
}

/** The Problems panel's sentence for a question that does not find its page (or its section). */
export function notFoundSentence(a: Answer, top: number): string {
  const by = a.above.map(outrankingName).join(', ');
  if (a.pageRank !== undefined) {
    return vscode.l10n.t('“{0}” finds this page at #{1} but not its section #{2} in the top {3}; above it: {4}.', a.question.text, a.pageRank, a.question.anchor ?? '', top, by || '-');
  }
  return by
    ? vscode.l10n.t('“{0}” does not find this page in the top {1}; outranked by {2}.', a.question.text, top, by)
    : vscode.l10n.t('“{0}” does not find this page in the top {1}: the server found nothing for it.', a.question.text, top);
}
