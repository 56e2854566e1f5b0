/**
 * `doc-ingest`: the command line over the same core as the editor (F12), for CI pipelines. One subcommand per
 * file in `commands/`; this file dispatches and turns every error into a sentence and an exit code.
 */
import { isServiceError } from '../core/api/errors';
import { DocumentError } from '../core/documents/problems/errors';
import type { Command } from './commands/command';
import { EXIT, exitCodeOf } from './exitCodes';
import type { CliIo } from './io';
// For dist/cli.js, which loads this module only when a command runs.
export { processIo } from './io';
import { COMMAND_LIST, quickAnswer } from './usage';
import type { CommandName } from './usage';
import { UsageError } from './usageError';
import { forCommandLine } from './wording';

/**
 * Each command is loaded when it runs (an `import()`: its own file under dist/cli/), so that `check` does not load
 * the document builder and `--version` loads nothing (issue 27).
 */
export const COMMANDS: Record<CommandName, () => Promise<Command>> = {
  ingest: async () => (await import('./commands/ingest.js')).ingest,
  documents: async () => (await import('./commands/documents.js')).documents,
  preview: async () => (await import('./commands/preview.js')).preview,
  site: async () => (await import('./commands/site.js')).site,
  status: async () => (await import('./commands/status.js')).status,
  check: async () => (await import('./commands/check.js')).check,
  findable: async () => (await import('./commands/findable.js')).findable,
};

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const quick = quickAnswer(argv);
  if (quick) {
    io[quick.stream].write(quick.text);
    return quick.exitCode;
  }
  const [first, ...rest] = argv;
  const name = COMMAND_LIST.find((c) => c.name === first)!.name;
  try {
    const command = await COMMANDS[name]();
    return await command.run(rest, io);
  } catch (e) {
    return fail(io, e);
  }
}

function fail(io: CliIo, e: unknown): number {
  if (e instanceof UsageError) {
    io.stderr.write(`doc-ingest: ${e.message}\n`);
    return EXIT.usage;
  }
  if (isServiceError(e)) {
    io.stderr.write(`doc-ingest: ${forCommandLine(e.message)}\n`);
    // Refused before sending (an id that is no id): what was typed is wrong.
    if (e.kind === 'validation' && e.status === undefined) return EXIT.usage;
    return exitCodeOf(e.kind, e.setting);
  }
  if (e instanceof DocumentError) {
    io.stderr.write(`doc-ingest: ${forCommandLine(e.message)}\n`);
    return EXIT.someFailed;
  }
  // Not ours to explain: say so plainly, the stack only when asked for.
  const message = e instanceof Error ? e.message : String(e);
  io.stderr.write(`doc-ingest: unexpected error: ${message}${io.env.DOC_INGEST_DEBUG && e instanceof Error && e.stack ? `\n${e.stack}` : ' (DOC_INGEST_DEBUG=1 shows where)'}\n`);
  return EXIT.someFailed;
}
