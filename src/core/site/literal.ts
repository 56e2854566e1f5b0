/**
 * A JavaScript or TypeScript config read as data, never run (docs/architecture.md#trust: a repository must not run
 * code in the writer's editor or a CI job). The file is parsed with acorn (and its TypeScript plugin for `.ts`),
 * loaded only when a site has such a config, and only literal values are taken: objects, arrays, strings, numbers,
 * booleans, `null`, template literals without expressions, a top-level `const` holding one of those, and
 * `require.resolve('./x')` and `path.resolve(__dirname, 'x')` (a path, nothing run). Anything else (a call, an import, `process.env`, a template
 * with `${...}`, a spread) is an {@link Unknown} that remembers its line and why, so that whoever reads a setting
 * can say which one could not be read and what to give instead.
 *
 * The exported value is the one of `module.exports = ...`, `export default ...` (TypeScript's `as` and
 * `satisfies` looked through), or `exports.default = ...`; an identifier there is followed to its top-level
 * `const`/`let`/`var`.
 */
import type { Node as AcornNode } from 'acorn';
import * as l10n from '@vscode/l10n';

/** A value that is not a literal: where it is and what it is. */
export class Unknown {
  constructor(
    /** 1-based line. */
    readonly line: number | undefined,
    /** What it is, for a sentence: "a function call", "process.env". */
    readonly what: string,
  ) {}
}

export type Literal = string | number | boolean | null | undefined | Unknown | LiteralArray | LiteralObject;
export type LiteralArray = Literal[];
/** An object's literal properties; `spread` marks one with `...x`, where a missing key may be set unseen. */
export interface LiteralObject {
  readonly kind: 'object';
  readonly entries: ReadonlyMap<string, Literal>;
  readonly spread?: Unknown;
  readonly line: number | undefined;
}

export function isObject(value: Literal): value is LiteralObject {
  return typeof value === 'object' && value !== null && !(value instanceof Unknown) && !Array.isArray(value);
}

/** The property `key` of an object: undefined when absent, an Unknown when a spread may have set it. */
/** The value when it is a string, else undefined. */
export function str(value: Literal): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function property(object: LiteralObject, key: string): Literal {
  if (object.entries.has(key)) return object.entries.get(key);
  return object.spread;
}

/** The config file could not be parsed at all: `message` says where. */
export class ConfigSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number | undefined,
  ) {
    super(message);
    this.name = 'ConfigSyntaxError';
  }
}

/* eslint-disable @typescript-eslint/no-explicit-any -- an ESTree walk over acorn's loosely typed nodes */
type AnyNode = AcornNode & Record<string, any>;

/**
 * The value a JS/TS module exports, as literal data; undefined when it exports nothing we know how to find (an
 * Unknown then says so). `typescript`: parse with the TypeScript plugin (`.ts`, `.mts`, `.cts`).
 * @throws ConfigSyntaxError when the text is no valid program
 */
export async function exportedLiteral(text: string, typescript: boolean): Promise<Literal> {
  const program = await parseProgram(text, typescript);
  const declarations = new Map<string, AnyNode>();
  let exported: AnyNode | undefined;
  for (const statement of program.body as AnyNode[]) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type === 'VariableDeclaration') {
      for (const d of declaration.declarations as AnyNode[]) {
        if (d.id?.type === 'Identifier' && d.init) declarations.set(d.id.name as string, d.init as AnyNode);
      }
    }
    if (statement.type === 'ExportDefaultDeclaration') exported = statement.declaration;
    if (statement.type === 'ExpressionStatement' && statement.expression?.type === 'AssignmentExpression') {
      const target = statement.expression.left as AnyNode;
      if (isMember(target, 'module', 'exports') || isMember(target, 'exports', 'default')) exported = statement.expression.right;
    }
  }
  if (!exported) return new Unknown(undefined, l10n.t('no `module.exports =` or `export default`'));
  return new Evaluator(declarations).value(exported);
}

async function parseProgram(text: string, typescript: boolean): Promise<AnyNode> {
  // Loaded here, not at start-up: only a site with a JS/TS config needs a JavaScript parser.
  const acorn = await import('acorn');
  let parser: typeof acorn.Parser = acorn.Parser;
  if (typescript) {
    const { tsPlugin } = await import('@sveltejs/acorn-typescript');
    parser = acorn.Parser.extend(tsPlugin());
  }
  try {
    return parser.parse(text, { ecmaVersion: 'latest', sourceType: 'module', locations: true, allowHashBang: true }) as AnyNode;
  } catch (e) {
    const loc = (e as { loc?: { line?: number } }).loc;
    throw new ConfigSyntaxError(e instanceof Error ? e.message.replace(/\s*\(\d+:\d+\)$/, '') : String(e), loc?.line);
  }
}

/** `__dirname` then string literals only: a path relative to the config's folder, whatever runs it. */
function besideConfig(args: AnyNode[] | undefined): boolean {
  if (!args || args.length < 2 || args[0]?.type !== 'Identifier' || args[0].name !== '__dirname') return false;
  return args.slice(1).every((a) => a.type === 'Literal' && typeof a.value === 'string' && !(a.value as string).startsWith('/'));
}

function isMember(node: AnyNode | undefined, object: string, name: string): boolean {
  return node?.type === 'MemberExpression' && !node.computed && node.object?.type === 'Identifier' && node.object.name === object && node.property?.name === name;
}

class Evaluator {
  /** Identifiers being followed: `const a = b; const b = a` is no literal. */
  private readonly following = new Set<string>();

  constructor(private readonly declarations: ReadonlyMap<string, AnyNode>) {}

  value(node: AnyNode): Literal {
    const line = (node.loc as { start?: { line?: number } } | undefined)?.start?.line;
    switch (node.type) {
      case 'Literal':
        if (node.regex || typeof node.value === 'bigint') return new Unknown(line, l10n.t('a regular expression or big number'));
        return node.value as string | number | boolean | null;
      case 'TemplateLiteral':
        if ((node.expressions as AnyNode[]).length > 0) return new Unknown(line, l10n.t('a template literal with ${...}'));
        return (node.quasis as AnyNode[]).map((q) => q.value.cooked as string).join('');
      case 'ArrayExpression':
        return (node.elements as (AnyNode | null)[]).map((e) => (e === null ? undefined : e.type === 'SpreadElement' ? new Unknown(line, 'a spread (...)') : this.value(e)));
      case 'ObjectExpression':
        return this.object(node, line);
      case 'UnaryExpression':
        if (node.operator === '-' && node.argument?.type === 'Literal' && typeof node.argument.value === 'number') return -node.argument.value;
        if (node.operator === '!' && node.argument?.type === 'Literal' && typeof node.argument.value === 'number') return !node.argument.value;
        return new Unknown(line, l10n.t('an expression'));
      case 'Identifier':
        return this.identifier(node.name as string, line);
      case 'ParenthesizedExpression':
      case 'TSAsExpression':
      case 'TSSatisfiesExpression':
      case 'TSNonNullExpression':
      case 'TSTypeAssertion':
        return this.value(node.expression as AnyNode);
      case 'CallExpression':
        // `require.resolve('./sidebars.js')` only names a file: the path is the value.
        if (isMember(node.callee, 'require', 'resolve') && node.arguments?.length === 1 && node.arguments[0].type === 'Literal' && typeof node.arguments[0].value === 'string') {
          return node.arguments[0].value as string;
        }
        // `path.resolve(__dirname, './sidebars.json')` (or `path.join`) names a file beside the config, as above.
        if ((isMember(node.callee, 'path', 'resolve') || isMember(node.callee, 'path', 'join')) && besideConfig(node.arguments)) {
          return ['.', ...(node.arguments as AnyNode[]).slice(1).map((a: AnyNode) => a.value as string)].join('/');
        }
        return new Unknown(line, l10n.t('a function call'));
      case 'MemberExpression':
        return new Unknown(line, isMember(node.object, 'process', 'env') || isMember(node, 'process', 'env') ? 'process.env' : l10n.t('a value read from elsewhere'));
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        return new Unknown(line, 'a function');
      default:
        return new Unknown(line, l10n.t('an expression'));
    }
  }

  private identifier(name: string, line: number | undefined): Literal {
    if (name === 'undefined') return undefined;
    const init = this.declarations.get(name);
    if (!init || this.following.has(name)) return new Unknown(line, l10n.t('the variable {0}', name));
    this.following.add(name);
    try {
      return this.value(init);
    } finally {
      this.following.delete(name);
    }
  }

  private object(node: AnyNode, line: number | undefined): LiteralObject {
    const entries = new Map<string, Literal>();
    let spread: Unknown | undefined;
    for (const p of node.properties as AnyNode[]) {
      const at = (p.loc as { start?: { line?: number } } | undefined)?.start?.line;
      if (p.type === 'SpreadElement') {
        spread = new Unknown(at, 'a spread (...)');
        continue;
      }
      let key: string | undefined;
      if (!p.computed && p.key?.type === 'Identifier') key = p.key.name as string;
      else if (p.key?.type === 'Literal' && (typeof p.key.value === 'string' || typeof p.key.value === 'number')) key = String(p.key.value);
      if (key === undefined) {
        spread = new Unknown(at, l10n.t('a computed key'));
        continue;
      }
      if (p.kind !== 'init' || p.method) entries.set(key, new Unknown(at, 'a function'));
      else entries.set(key, this.value(p.value as AnyNode));
    }
    return spread ? { kind: 'object', entries, spread, line } : { kind: 'object', entries, line };
  }
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Plain JSON-like data (`_category_.json`, YAML) as a Literal, for one set of accessors. */
export function fromData(value: unknown): Literal {
  if (value === null || value === undefined || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Unknown) return value;
  if (Array.isArray(value)) return value.map(fromData);
  if (typeof value === 'object') {
    return { kind: 'object', entries: new Map(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, fromData(v)])), line: undefined };
  }
  return new Unknown(undefined, l10n.t('a value that is not data'));
}
