// Shared by the suites that build documents: a build with a fixed clock, its texts and errors, fixtures, and git repositories made for a test.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { IngestionDocumentSchema } from '../../src/core/api/schemas';
import { DocumentError, buildDocument } from '../../src/core/documents';
import type { DocumentBuildResult, DocumentOptions } from '../../src/core/documents';

export const NOW = new Date('2026-11-23T10:00:00Z');
export const NOW_TEXT = '2026-11-23T10:00:00Z';

/** Directory of the fixtures (the tests run from out/, the fixtures stay in the source tree). */
export const FIXTURES = path.resolve(__dirname, '../../../test/unit/documents/fixtures');

/** Notebooks and HTML pages with their expected payloads (issue 25, item 7). */
export const FORMAT_FIXTURES = path.resolve(__dirname, '../../../test/fixtures/formats');

/** buildDocument with a fixed clock, checking that the result passes the strict request schema. */
export function build(text: string | Uint8Array, relativePath = 'guide.md', options: DocumentOptions = {}): DocumentBuildResult {
  const result = buildDocument(text, relativePath, { now: NOW, ...options });
  IngestionDocumentSchema.parse(result.document);
  return result;
}

/** Runs `fn`, which must throw a DocumentError, and returns it. */
export function documentError(fn: () => unknown): DocumentError {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof DocumentError, `expected a DocumentError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected a DocumentError');
}

/** Texts of the sections. */
export function texts(result: Omit<DocumentBuildResult, 'problems'>): string[] {
  return result.document.sections.map((s) => s.text ?? '');
}

export interface GitAuthor {
  name: string;
  email: string;
  date: string;
}

export const ADA: GitAuthor = { name: 'Ada Lovelace', email: 'ada@example.com', date: '2026-05-04T03:02:01Z' };

/** Runs git in `cwd` with fixed identities and dates, and no system or user config that could change its output. */
export function git(cwd: string, args: string[], author: GitAuthor = ADA): string {
  return execFileSync(
    'git',
    ['-c', 'user.name=Committer', '-c', 'user.email=committer@example.com', '-c', 'commit.gpgsign=false', '-c', 'init.defaultBranch=main', '-c', 'core.autocrlf=false', ...args],
    {
      cwd,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: author.name,
        GIT_AUTHOR_EMAIL: author.email,
        GIT_AUTHOR_DATE: author.date,
        GIT_COMMITTER_DATE: author.date,
        GIT_CONFIG_NOSYSTEM: '1',
      },
    },
  );
}

/**
 * A git wrapper in `dir` that records its calls (one line each, arguments separated by U+001F), to count the
 * processes and see what they were asked.
 */
export function countingGit(dir: string): { gitPath: string; calls: () => number; commands: () => string[][] } {
  const log = path.join(dir, 'git-calls.log');
  const gitPath = path.join(dir, 'counting-git.sh');
  // One write per call, so that calls running at once do not mix their lines.
  fs.writeFileSync(gitPath, `#!/bin/sh\nline=$(printf '%s\\037' "$@")\nprintf '%s\\n' "$line" >> '${log}'\nexec git "$@"\n`, { mode: 0o755 });
  const commands = () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter(Boolean).map((l) => l.split('\u001f').slice(0, -1)) : []);
  return { gitPath, calls: () => commands().length, commands };
}
