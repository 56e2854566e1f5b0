/**
 * The GitHub Action's inputs (action.yml) and the `doc-ingest ingest` command line they make. The runner hands an
 * input `name` to the action as the environment variable `INPUT_NAME` (upper case, spaces as `_`, hyphens kept).
 * The key never becomes a flag: it goes to the command line as `DOC_INGEST_API_KEY`, as everywhere.
 */

/** Every input action.yml declares, in its order (a test keeps the two the same). */
export const INPUTS = ['server', 'key', 'cc-pair-id', 'include', 'changed', 'prune', 'max-delete', 'dry-run', 'findable', 'report'] as const;

export type InputName = (typeof INPUTS)[number];

/** Where the `--json` report goes when the workflow does not say. */
export const DEFAULT_REPORT = 'doc-ingest-report.json';

export interface ActionInputs {
  server?: string;
  key?: string;
  ccPairId?: string;
  include: string[];
  changed: boolean;
  prune: boolean;
  maxDelete?: string;
  dryRun: boolean;
  /** Ask the questions of the pages sent (`ingest --findable`, issue 36). */
  findable: boolean;
  report: string;
}

/** A wrong input, said in one sentence naming it; the action stops before running anything (exit 2). */
export class InputError extends Error {}

export function input(env: Readonly<Record<string, string | undefined>>, name: InputName): string | undefined {
  const value = env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`]?.trim();
  return value ? value : undefined;
}

/** As the Actions toolkit reads a boolean: the YAML 1.2 core schema's true and false, else an error. */
function flag(env: Readonly<Record<string, string | undefined>>, name: InputName): boolean {
  const value = input(env, name);
  if (value === undefined || ['false', 'False', 'FALSE'].includes(value)) return false;
  if (['true', 'True', 'TRUE'].includes(value)) return true;
  throw new InputError(`The input ${name} is “${value}”: write true or false.`);
}

export function readInputs(env: Readonly<Record<string, string | undefined>>): ActionInputs {
  const inputs: ActionInputs = {
    server: input(env, 'server'),
    key: input(env, 'key'),
    ccPairId: input(env, 'cc-pair-id'),
    // One glob a line: a glob may hold a comma (`docs/{a,b}/**`).
    include: (input(env, 'include') ?? '').split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== ''),
    changed: flag(env, 'changed'),
    prune: flag(env, 'prune'),
    maxDelete: input(env, 'max-delete'),
    dryRun: flag(env, 'dry-run'),
    findable: flag(env, 'findable'),
    report: input(env, 'report') ?? DEFAULT_REPORT,
  };
  // A dry run without --prune sends nothing and needs no key; everything else does.
  if (!inputs.key && !(inputs.dryRun && !inputs.prune)) {
    throw new InputError('The input key is empty: pass the API key from a secret (key: ${{ secrets.DOC_INGEST_API_KEY }}); a secret a workflow cannot read (a pull request from a fork) is empty too.');
  }
  return inputs;
}

/**
 * The arguments of `doc-ingest` for these inputs; the command line checks each value as it checks its flags.
 * `max-delete` is no argument (see {@link cliEnvironment}).
 */
export function cliArguments(inputs: ActionInputs): string[] {
  const args = ['ingest', '--json'];
  if (inputs.server) args.push('--server', inputs.server);
  if (inputs.ccPairId) args.push('--cc-pair-id', inputs.ccPairId);
  for (const glob of inputs.include) args.push('--include', glob);
  if (inputs.changed) args.push('--changed');
  if (inputs.prune) args.push('--prune');
  if (inputs.dryRun) args.push('--dry-run');
  if (inputs.findable) args.push('--findable');
  return args;
}

/**
 * What the inputs set in the command line's environment: `max-delete` as `DOC_INGEST_MAX_DELETE`, which bounds a
 * prune but, unlike `--max-delete` typed by a person, never lifts the "more than half of what this repository held"
 * refusal: a number kept in a workflow file is no decision about this run's deletions (issue 34).
 */
export function cliEnvironment(inputs: ActionInputs): Record<string, string> {
  return inputs.maxDelete ? { DOC_INGEST_MAX_DELETE: inputs.maxDelete } : {};
}
