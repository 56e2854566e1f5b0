import * as vscode from 'vscode';
import type { RequestLog } from '../../core/api/transport';

/**
 * The "Doc Ingest" log. Levels are VS Code's ("Developer: Set Log Level..."). Requests are logged as method,
 * path, status and duration only: no headers and no bodies, so the key cannot appear at any level.
 */
export class Log implements vscode.Disposable {
  private readonly channel = vscode.window.createOutputChannel('Doc Ingest', { log: true });

  request(r: RequestLog): void {
    const line = `${r.method} ${r.path} → ${r.status ?? r.outcome ?? 'no response'} in ${r.durationMs} ms${r.attempt > 1 ? ` (attempt ${r.attempt})` : ''}`;
    if (r.outcome) this.channel.warn(line);
    else this.channel.info(line);
  }

  info(message: string): void {
    this.channel.info(message);
  }

  warn(message: string): void {
    this.channel.warn(message);
  }

  error(message: string | Error): void {
    this.channel.error(message);
  }

  show(): void {
    this.channel.show(true);
  }

  dispose(): void {
    this.channel.dispose();
  }
}
