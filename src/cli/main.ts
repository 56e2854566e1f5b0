/**
 * `doc-ingest`: the command line over the same core as the editor (F12), for CI pipelines. One subcommand per
 * file in `commands/`; this file dispatches and turns every error into a sentence and an exit code.
 */
import { isServiceError } from '../core/api';
import { DocumentError } from '../core/documents';
import { check } from './commands/check';
import type { Command } from './commands/command';
import { documents } from './commands/documents';
import { ingest } from './commands/ingest';
import { preview } from './commands/preview';
import { site } from './commands/site';
import { status } from './commands/status';
import { ENVIRONMENT } from './config';
import { EXIT, EXIT_CODE_HELP, exitCodeOf } from './exitCodes';
import type { CliIo } from './io';
import { version } from './session';
import { UsageError } from './usageError';
import { forCommandLine } from './wording';

const COMMANDS: Command[] = [ingest, documents, preview, site, status, check];

function help(): string {
  const width = Math.max(...ENVIRONMENT.map(([name]) => name.length));
  return `Usage: doc-ingest <command> [options]

Pushes documentation into the search and chat service from a terminal or a CI pipeline, building the same
documents with the same ids as the Doc Ingest extension for VS Code.

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(11)}${c.summary}`).join('\n')}

Run doc-ingest <command> --help for its options. --version prints the version.

Configuration, first found wins: flags; environment variables; .doc-ingest.json at the repository root (include,
exclude, linkTemplate, idPrefix, ccPairId, ingestionPath, source; never a key); the extension's defaults.

Environment:
${ENVIRONMENT.map(([name, what]) => `  ${name.padEnd(width)}  ${what}`).join('\n')}

${EXIT_CODE_HELP}
`;
}

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [first, ...rest] = argv;
  if (first === '--version' || first === '-v') {
    io.stdout.write(`${version()}\n`);
    return EXIT.ok;
  }
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    (first === undefined ? io.stderr : io.stdout).write(help());
    return first === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = COMMANDS.find((c) => c.name === first);
  if (!command) {
    io.stderr.write(`doc-ingest: unknown command “${first}”. Commands: ${COMMANDS.map((c) => c.name).join(', ')}. See: doc-ingest --help\n`);
    return EXIT.usage;
  }
  try {
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
