/**
 * The scalar values of a flat YAML front matter without the YAML parser (issue 37, goal 7): a site reads its
 * routing and naming keys from every page before the build reads the same front matter. What is read, and how
 * surely, is `documents/source/flatYaml.ts`; here its scalars by key, as the site's reading takes them.
 */
import { flatYaml } from '../documents/source/flatYaml';

/** Scalar values by key (numbers and booleans as text), or undefined when the front matter is not surely flat. */
export function flatFrontMatter(source: string): Map<string, string> | undefined {
  const entries = flatYaml(source);
  if (entries === undefined) return undefined;
  const values = new Map<string, string>();
  for (const { key, value } of entries) if (value.kind !== 'null' && value.kind !== 'list') values.set(key, value.text);
  return values;
}
