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
  /** Calls `handler` on every Ctrl+C (SIGINT) or SIGTERM until the process exits. */
  onInterrupt(handler: () => void): void;
  /** Ends the process now with `code` (what is not written by then is lost). */
  exit(code: number): never;
}

export function processIo(): CliIo {
  const stderr = output(process.stderr, () => undefined);
  const stdout = output(process.stdout, (e) => stderr.write(`doc-ingest: warning: the output could not be written (${e.message}); the run goes on.\n`));
  return {
    stdout,
    stderr,
    env: process.env,
    cwd: process.cwd(),
    onInterrupt(handler) {
      process.on('SIGINT', handler);
      process.on('SIGTERM', handler);
    },
    exit: (code) => process.exit(code),
  };
}

/** Colour and redrawn progress only for a person at a terminal who has not asked for none (no-color.org). */
export function fancy(io: CliIo, stream: Output = io.stderr): boolean {
  return stream.isTTY && !io.env.NO_COLOR && io.env.TERM !== 'dumb';
}

/**
 * A standard stream whose reader may go away (`doc-ingest ingest --json | head -c 10`). Unhandled, the write error
 * (EPIPE) would end the process with a stack before the ledger is written. Here the first error means nobody reads
 * any more: later writes are dropped, and the run goes on to its end, its ledger and its own exit code. An error
 * other than a gone reader (a full disk behind `> report.json`) is said once on `other`.
 */
function output(stream: NodeJS.WriteStream, other: (error: Error) => void): Output {
  let gone = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (gone) return;
    gone = true;
    if (error.code !== 'EPIPE') other(error);
  });
  return {
    write: (text) => {
      if (!gone) stream.write(text);
    },
    isTTY: !!stream.isTTY,
    columns: stream.columns,
  };
}
