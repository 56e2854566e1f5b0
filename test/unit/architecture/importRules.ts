// Who may import whom in src/ (docs/architecture.md#layers), as dependency-cruiser rules, and the check that runs them.
import type { IForbiddenRuleType, IViolation } from 'dependency-cruiser' with { 'resolution-mode': 'import' };

const EDITOR_VIEWS = '^src/extension/(commands|views|statusBar)/';

/** Type-only imports count: a type a lower room needs lives in that room, or the rooms are not one above the other. */
export const IMPORT_RULES: IForbiddenRuleType[] = [
  { name: 'no-cycle', comment: 'no file reaches itself through its imports', severity: 'error', from: {}, to: { circular: true } },
  {
    name: 'no-room-cycle',
    comment: 'rooms (folders) stand one above the other: no folder reaches itself through the imports of its files',
    severity: 'error',
    scope: 'folder',
    from: {},
    to: { circular: true },
  },
  {
    name: 'core-below-fronts',
    comment: 'the core is plain Node, shared by the fronts: it knows none of them',
    severity: 'error',
    from: { path: '^src/core/' },
    to: { path: '^src/(extension|cli|action)/' },
  },
  { name: 'cli-not-editor', comment: 'the command line runs without VS Code', severity: 'error', from: { path: '^src/cli/' }, to: { path: '^src/extension/' } },
  { name: 'http-below-api', comment: 'the fetch under the client knows nothing of the client', severity: 'error', from: { path: '^src/core/http/' }, to: { path: '^src/core/api/' } },
  {
    name: 'editor-root-alone',
    comment: 'extension.ts wires the editor together: nothing imports it',
    severity: 'error',
    from: {},
    to: { path: '^src/extension/extension\\.ts$' },
  },
  {
    name: 'editor-services-below',
    comment: 'services/ (connection, settings, log, errors...) is used by every room of the editor and uses none of them',
    severity: 'error',
    from: { path: '^src/extension/services/' },
    to: { path: '^src/extension/', pathNot: '^src/extension/services/' },
  },
  {
    name: 'editor-flows-below-views',
    comment: 'a flow reports to a view through an interface or event of its own, which extension.ts connects',
    severity: 'error',
    from: { path: '^src/extension/', pathNot: `^src/extension/extension\\.ts$|${EDITOR_VIEWS}` },
    to: { path: EDITOR_VIEWS },
  },
  {
    name: 'resolved',
    comment: 'an import the check cannot follow would hide its edges',
    severity: 'error',
    from: {},
    to: { couldNotResolve: true },
  },
];

/** One line per violation: the rule, the import, and for a cycle the whole loop; each cycle once. */
export function describeViolations(violations: readonly IViolation[]): string[] {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const v of violations) {
    if (v.cycle?.length) {
      const loop = [v.from, ...v.cycle.map((c) => c.name)].slice(0, -1);
      const start = loop.indexOf([...loop].sort()[0] ?? '');
      const key = [...loop.slice(start), ...loop.slice(0, start)];
      const line = `${v.rule.name}: ${[...key, key[0]].join(' -> ')}`;
      if (!seen.has(line)) lines.push(line);
      seen.add(line);
    } else {
      lines.push(`${v.rule.name}: ${v.from} -> ${v.to}`);
    }
  }
  return lines;
}

/**
 * The rules' violations in the files under `dirs`, each path relative to `baseDir` (the repository, or a test's
 * planted tree shaped like it). dependency-cruiser is an ES module: loaded here, not at the top.
 */
export async function importViolations(baseDir: string, dirs: readonly string[]): Promise<string[]> {
  const { cruise } = await import('dependency-cruiser');
  const result = await cruise([...dirs], {
    baseDir,
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    validate: true,
    ruleSet: { forbidden: IMPORT_RULES },
  });
  if (typeof result.output === 'string') throw new Error('dependency-cruiser answered text, not a result');
  return describeViolations(result.output.summary.violations);
}
