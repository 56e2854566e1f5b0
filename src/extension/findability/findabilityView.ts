import * as vscode from 'vscode';
import type { Answer, RankedDocument } from '../../core/findability';
import type { FindabilityResults, PageResult } from './findabilityResults';
import { rankLabel } from './findabilityWords';

export interface PageNode { kind: 'page'; result: PageResult }
export interface QuestionNode { kind: 'question'; result: PageResult; answer: Answer; index: number }
/** One of the top K documents for a question; `own`: the page checked. */
export interface HitNode { kind: 'hit'; result: PageResult; answer: Answer; hit: RankedDocument; rank: number; own: boolean }
export type FindabilityNode = PageNode | QuestionNode | HitNode;

/**
 * `docIngest.findability`: the answers of the last check, question -> its rank -> the top K documents, best first.
 * One page checked: its questions at the top; several (from the Documents view): one node per page. A document of
 * this workspace opens its file at the section; any other its link.
 */
export class FindabilityView implements vscode.TreeDataProvider<FindabilityNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<FindabilityNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<FindabilityNode>;
  private readonly disposables: vscode.Disposable[];

  constructor(private readonly results: FindabilityResults) {
    this.view = vscode.window.createTreeView('docIngest.findability', { treeDataProvider: this, showCollapseAll: true });
    this.disposables = [this.view, this.changed, results.onDidChange(() => this.redraw())];
  }

  private redraw(): void {
    this.changed.fire(undefined);
    const shown = this.results.shown();
    const questions = shown.flatMap((r) => r.answers);
    this.view.message = shown.length ? vscode.l10n.t('{0} of {1} questions find their page', questions.filter((a) => a.found).length, questions.length) : undefined;
  }

  getChildren(node?: FindabilityNode): FindabilityNode[] {
    if (!node) {
      const shown = this.results.shown();
      const only = shown.length === 1 ? shown[0] : undefined;
      return only ? questionsOf(only) : shown.map((result): PageNode => ({ kind: 'page', result }));
    }
    if (node.kind === 'page') return questionsOf(node.result);
    if (node.kind === 'question') {
      return node.answer.ranked.map((hit, i): HitNode => ({ kind: 'hit', result: node.result, answer: node.answer, hit, rank: i + 1, own: hit.documentId === node.result.page.documentId }));
    }
    return [];
  }

  getTreeItem(node: FindabilityNode): vscode.TreeItem {
    if (node.kind === 'page') {
      const found = node.result.answers.filter((a) => a.found).length;
      const item = new vscode.TreeItem(node.result.page.path, vscode.TreeItemCollapsibleState.Expanded);
      item.description = vscode.l10n.t('{0} of {1} found', found, node.result.answers.length);
      item.iconPath = new vscode.ThemeIcon(found === node.result.answers.length ? 'pass' : 'warning');
      item.resourceUri = node.result.page.uri;
      item.id = `page:${node.result.page.uri.toString()}`;
      return item;
    }
    if (node.kind === 'question') {
      const a = node.answer;
      const item = new vscode.TreeItem(a.question.text, a.ranked.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
      item.description = rankLabel(a, node.result.top);
      item.iconPath = a.found ? new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed')) : new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
      item.tooltip = a.question.anchor === undefined ? a.question.text : `${a.question.text} -> #${a.question.anchor}`;
      item.contextValue = a.found ? 'findabilityFound' : 'findabilityNotFound';
      item.id = `question:${node.result.page.uri.toString()}:${node.index}`;
      return item;
    }
    const item = new vscode.TreeItem(`${node.rank}. ${node.hit.title}`, vscode.TreeItemCollapsibleState.None);
    item.description = node.own ? vscode.l10n.t('this page') : node.hit.path ?? node.hit.link ?? node.hit.documentId;
    item.tooltip = [node.hit.title, node.hit.path ?? node.hit.documentId, node.hit.link].filter(Boolean).join('\n');
    item.iconPath = new vscode.ThemeIcon(node.own ? 'star-full' : node.hit.path ? 'file' : 'link-external');
    if (node.hit.path || node.hit.link) {
      item.command = { command: 'docIngest.findability.openHit', title: vscode.l10n.t('Open'), arguments: [node] };
    }
    item.id = `hit:${node.result.page.uri.toString()}:${node.answer.question.text}:${node.rank}`;
    return item;
  }

  dispose(): void {
    vscode.Disposable.from(...this.disposables).dispose();
  }
}

function questionsOf(result: PageResult): QuestionNode[] {
  return result.answers.map((answer, index) => ({ kind: 'question', result, answer, index }));
}
