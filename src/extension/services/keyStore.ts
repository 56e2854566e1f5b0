import * as vscode from 'vscode';

const PREFIX = 'docIngest.apiKey:';

/**
 * API keys in SecretStorage, one per server URL, and nowhere else (not in settings, state or logs).
 * `onDidChange` also fires when another window stores or clears a key.
 */
export class KeyStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<string>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.subscription = secrets.onDidChange((e) => {
      if (e.key.startsWith(PREFIX)) this.changed.fire(e.key.slice(PREFIX.length));
    });
  }

  get(baseUrl: string): Thenable<string | undefined> {
    return this.secrets.get(PREFIX + baseUrl);
  }

  store(baseUrl: string, key: string): Thenable<void> {
    return this.secrets.store(PREFIX + baseUrl, key);
  }

  delete(baseUrl: string): Thenable<void> {
    return this.secrets.delete(PREFIX + baseUrl);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
