/** What a command may touch of the process: streams, environment, folder, signals. Tests pass a real process. */
export interface Output {
  write(text: string): void;
  /** A terminal (a progress bar may redraw it), not a pipe or a file. */
  isTTY: boolean;
  columns?: number;
}

export interface CliIo {
  stdout: Output;
  stderr: Output;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** Calls `handler` on Ctrl+C (SIGINT) or SIGTERM; the returned function stops listening. */
  onInterrupt(handler: () => void): () => void;
}

export function processIo(): CliIo {
  const out = (s: NodeJS.WriteStream): Output => ({ write: (t) => void s.write(t), isTTY: !!s.isTTY, columns: s.columns });
  return {
    stdout: out(process.stdout),
    stderr: out(process.stderr),
    env: process.env,
    cwd: process.cwd(),
    onInterrupt(handler) {
      process.on('SIGINT', handler);
      process.on('SIGTERM', handler);
      return () => {
        process.off('SIGINT', handler);
        process.off('SIGTERM', handler);
      };
    },
  };
}

/** Colour and redrawn progress only for a person at a terminal who has not asked for none (no-color.org). */
export function fancy(io: CliIo, stream: Output = io.stderr): boolean {
  return stream.isTTY && !io.env.NO_COLOR && io.env.TERM !== 'dumb';
}
