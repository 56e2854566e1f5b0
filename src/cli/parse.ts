import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { UsageError } from './usageError';

type Options = NonNullable<ParseArgsConfig['options']>;

/** `util.parseArgs` with its errors as usage errors (exit 2) that name the command's help. */
export function parse(command: string, args: readonly string[], options: Options) {
  try {
    return parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    throw new UsageError(`${message.replace(/\. To specify a positional argument.*$/s, '.')} See: doc-ingest ${command} --help`);
  }
}
