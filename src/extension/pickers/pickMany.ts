import * as vscode from 'vscode';

export interface PickManyOptions {
  title: string;
  placeHolder: string;
  matchOnDescription?: boolean;
  matchOnDetail?: boolean;
}

/**
 * A many-pick list whose hint can say "Space picks": VS Code's own list takes Space for the filter box while the
 * cursor is in it, so nothing was picked ("0 Selected") and Enter went on with nothing (issue 38, item 5). Here a
 * Space typed at the end of the filter text picks (or unpicks) the highlighted row and is not kept in the filter;
 * the rest of the filter works as before. Resolves with the picked items on Enter (empty when none was picked, for
 * the caller to say so), undefined on Escape.
 */
export function pickMany<T extends vscode.QuickPickItem>(items: readonly T[], options: PickManyOptions): Promise<readonly T[] | undefined> {
  const qp = vscode.window.createQuickPick<T>();
  qp.title = options.title;
  qp.placeholder = options.placeHolder;
  qp.canSelectMany = true;
  qp.matchOnDescription = !!options.matchOnDescription;
  qp.matchOnDetail = !!options.matchOnDetail;
  qp.ignoreFocusOut = true;
  qp.items = items;
  // A list made here opens with no row highlighted (VS Code's showQuickPick highlights the first): highlight it, so
  // that the hint's "highlighted row" is there to pick.
  const rows = items.filter((i) => i.kind !== vscode.QuickPickItemKind.Separator);
  qp.activeItems = rows.slice(0, 1);
  let filter = '';
  return new Promise((resolve) => {
    let answer: readonly T[] | undefined;
    const subscriptions = [
      qp.onDidChangeValue((value) => {
        if (value === `${filter} `) {
          const active = qp.activeItems[0] ?? (filter === '' ? rows[0] : undefined);
          if (active && active.kind !== vscode.QuickPickItemKind.Separator) {
            const picked = qp.selectedItems.includes(active);
            qp.selectedItems = picked ? qp.selectedItems.filter((i) => i !== active) : [...qp.selectedItems, active];
          }
          qp.value = filter;
          return;
        }
        filter = value;
      }),
      qp.onDidAccept(() => {
        answer = qp.selectedItems;
        qp.hide();
      }),
      qp.onDidHide(() => {
        vscode.Disposable.from(...subscriptions).dispose();
        qp.dispose();
        resolve(answer);
      }),
    ];
    qp.show();
  });
}
