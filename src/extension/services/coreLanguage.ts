import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';

/**
 * The core (src/core) words what happened through `@vscode/l10n`, which needs no `vscode`: the command line never
 * configures it and so speaks English, and this window hands it the bundle VS Code loaded for its display language
 * (l10n/bundle.l10n.<language>.json, which holds the core's sentences beside the editor's own), so that a
 * diagnostic, a notification or a tree item built from a core sentence is in the language of the rest of the editor
 * (issue 38, item 7). English needs nothing: the core's sentences are the English bundle's keys.
 */
export function speakCoreInDisplayLanguage(): void {
  const bundle = vscode.l10n.bundle;
  if (bundle) l10n.config({ contents: bundle });
}
