import type { CliIo } from '../io';

/** One subcommand: its help and what it does; returns the exit code. */
export interface Command {
  name: string;
  help: string;
  run(args: readonly string[], io: CliIo): Promise<number>;
}
