import type * as vscode from 'vscode';

export function activate(_context: vscode.ExtensionContext): void {
  // Commands, views and the status bar are registered here as they are built.
}

export function deactivate(): void {}
