/**
 * Rule files (`.gitignore`, `.docingestignore`, `.git/info/exclude`) read from the local disk for `PublishRules`:
 * only files that are where their path says under the root (no symbolic link on the way), so that a repository
 * cannot make anything outside it be read (docs/architecture.md#trust).
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RuleFileReader } from './publishRules';
import { RootOnDisk } from './rootOnDisk';

/** Rule files are lines of patterns; anything larger is no rule file (and is not read whole). */
const MAX_RULE_FILE_BYTES = 1024 * 1024;

export function diskRuleReader(root: string): RuleFileReader {
  let disk: RootOnDisk;
  try {
    disk = RootOnDisk.openSync(root);
  } catch {
    return () => undefined;
  }
  return (relativePath) => {
    const absolute = path.join(disk.root, ...relativePath.split('/'));
    let stat: ReturnType<typeof statSync>;
    try {
      stat = statSync(absolute, { throwIfNoEntry: false });
    } catch {
      return undefined; // a path through a file (ENOTDIR), no permission...
    }
    if (!stat?.isFile() || stat.size > MAX_RULE_FILE_BYTES) return undefined;
    if (!disk.isDirectSync(absolute)) return undefined;
    try {
      return readFileSync(absolute, 'utf8');
    } catch {
      return undefined;
    }
  };
}
