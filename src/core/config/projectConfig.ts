/**
 * `.doc-ingest.json` at a repository's root: what a docs team shares about its documents, read by the command line
 * and the editor alike so that both build the same documents with the same ids. It never holds a key: a file in a
 * repository is read by everyone who can read the repository.
 */
import * as z from 'zod';
import { ccPairIdRule, globRule, idPrefixRule, includeRule, linkTemplateRule, maxDocumentCharsRule, sourceRule } from './settingRules';
import type { SettingRule } from './settingRules';
import { ingestionPathMessage, ingestionPathProblem } from '../api/ingestionPath';
import { dropPatternRule } from '../documents/readerText/dropPatterns';
import * as l10n from '@vscode/l10n';
import { PROJECT_CONFIG_FILE } from './projectConfigName';

export { PROJECT_CONFIG_FILE } from './projectConfigName';

/** A zod schema of `base` refined by `rule`; the issue's message is the rule's sentence about the value (here, not in settingRules.ts, which the command line loads without zod). */
function ruled<T>(base: z.ZodType<T>, rule: SettingRule<T>): z.ZodType<T> {
  return base.superRefine((value, ctx) => {
    const problem = rule(value);
    if (problem !== undefined) ctx.addIssue({ code: 'custom', message: `${JSON.stringify(value)} ${problem}` });
  });
}

const globs = z.array(ruled(z.string().trim(), globRule));

/** The values a front would refuse for every file are refused here, by the rules the command line's flags follow. */
export const ProjectConfigSchema = z.strictObject({
  include: ruled(globs, includeRule).optional(),
  exclude: globs.optional(),
  linkTemplate: ruled(z.string().trim(), linkTemplateRule).optional(),
  idPrefix: ruled(z.string(), idPrefixRule).optional(),
  ccPairId: ruled(z.number(), ccPairIdRule).optional(),
  // A repository chooses where the key goes with this: only a plain route below the server URL (core/api/ingestionPath).
  ingestionPath: z
    .string()
    .trim()
    .min(1)
    .superRefine((path, ctx) => {
      const problem = ingestionPathProblem(path);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, params: { sentence: ingestionPathMessage('ingestionPath', path, problem) } });
    })
    .optional(),
  source: ruled(z.string().trim(), sourceRule).optional(),
  // The server's MAX_DOCUMENT_CHARS (F15): longer documents are refused before sending; 0: no check.
  maxDocumentChars: ruled(z.number(), maxDocumentCharsRule).optional(),
  // A site's own syntax (issue 35): Markdown lines outside code that one of these regular expressions matches are
  // left out of the text, and so are not reported as markup readers never see.
  dropPatterns: z.array(ruled(z.string(), dropPatternRule)).optional(),
});

export type ProjectConfig = z.infer<typeof ProjectConfigSchema>;

export const PROJECT_CONFIG_KEYS = Object.keys(ProjectConfigSchema.shape) as (keyof ProjectConfig)[];

/** A `.doc-ingest.json` that cannot be used; `message` says what to change. */
export class ProjectConfigError extends Error {
  constructor(
    message: string,
    /** True when the file holds something that looks like a secret: the file is refused whole. */
    readonly secret = false,
  ) {
    super(message);
    this.name = 'ProjectConfigError';
  }
}

/** Names under which people put secrets. Matched against every key, at any depth. */
const SECRET_NAME = /(api[_-]?key|^key$|token|secret|password|passwd|authorization|bearer|credential)/i;

/**
 * The configuration in `text` (the file's content).
 * @throws ProjectConfigError naming the file, the key and the fix: invalid JSON, an unknown key, a wrong value, or
 *   anything that looks like a key (its value is never repeated).
 */
export function parseProjectConfig(text: string, fileName: string = PROJECT_CONFIG_FILE): ProjectConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new ProjectConfigError(l10n.t('{0} is not valid JSON ({1}): fix it or remove it.', fileName, e instanceof Error ? e.message : String(e)));
  }
  const secret = secretKey(raw);
  if (secret !== undefined) {
    throw new ProjectConfigError(
      l10n.t('{0} holds “{1}”, which looks like a key: a key never goes in a file of the repository. Remove it (and revoke the key if the file was ever committed); give the key in the environment variable DOC_INGEST_API_KEY (in CI, a secret) or with the editor\'s “Set API Key”.', fileName, secret),
      true,
    );
  }
  const parsed = ProjectConfigSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (!issue) throw new ProjectConfigError(l10n.t('{0} is not a valid configuration.', fileName));
  if (issue.code === 'unrecognized_keys') {
    throw new ProjectConfigError(l10n.t('{0}: unknown key “{1}”. Known keys: {2}.', fileName, issue.keys.join('”, “'), PROJECT_CONFIG_KEYS.join(', ')));
  }
  // A check that says it all in its own sentence (the ingestion path) is not wrapped in a second one.
  const sentence = issue.code === 'custom' ? (issue.params as { sentence?: unknown } | undefined)?.sentence : undefined;
  if (typeof sentence === 'string') throw new ProjectConfigError(`${fileName}: ${sentence}`);
  const where = issue.path.length ? issue.path.join('.') : l10n.t('the file');
  // A rule's sentence (a custom issue) already says what is expected.
  if (issue.code === 'custom') throw new ProjectConfigError(`${fileName}: ${where}: ${issue.message}.`);
  throw new ProjectConfigError(l10n.t('{0}: {1}: {2}. Expected: {3}.', fileName, where, issue.message, expected()[String(issue.path[0]) as keyof ProjectConfig] ?? l10n.t('a JSON object')));
}

const expected = (): Record<keyof ProjectConfig, string> => ({
  include: l10n.t('a list of globs such as ["docs/**/*.md"]'),
  exclude: l10n.t('a list of globs such as ["**/drafts/**"]'),
  linkTemplate: l10n.t('a URL with {path} and {anchor}, such as "https://docs.example.com/{path}#{anchor}"'),
  idPrefix: l10n.t('a string such as "handbook~"'),
  ccPairId: l10n.t('a whole number, the connector-credential pair to ingest into'),
  ingestionPath: l10n.t('a route such as "onyx-api/ingestion"'),
  source: l10n.t('a source kind such as "file"'),
  maxDocumentChars: l10n.t('a whole number, the server\'s MAX_DOCUMENT_CHARS, such as 1000000 (0: no check)'),
  dropPatterns: l10n.t('a list of regular expressions, each matching whole lines of your site\'s own syntax, such as ["^\\\\{\\\\*.*\\\\*\\\\}$"]'),
});

function secretKey(value: unknown, path = ''): string | undefined {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = secretKey(v, `${path}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  for (const [k, v] of Object.entries(value)) {
    const here = path ? `${path}.${k}` : k;
    if (SECRET_NAME.test(k)) return here;
    const found = secretKey(v, here);
    if (found) return found;
  }
  return undefined;
}
