import path from 'node:path';
import type { FileResult } from '../../core/batch';

/**
 * GitHub Actions workflow commands: each failed file becomes an `::error file=…,line=…::` annotation on the
 * pull request's diff, and each kind of markup readers never see a `::warning`. Paths are relative to the checkout (`GITHUB_WORKSPACE`), as GitHub wants them.
 */
export function annotations(results: readonly FileResult[], workspace: string | undefined): string {
  const at = (r: FileResult) => (r.file.absolutePath && workspace ? path.relative(workspace, r.file.absolutePath).split(path.sep).join('/') : r.file.relativePath);
  const props = (r: FileResult, line: number | undefined) => [`file=${property(at(r))}`, ...(line ? [`line=${line}`] : []), 'title=Doc Ingest'].join(',');
  const failed = results
    .filter((r) => r.outcome === 'failed')
    .map((r) => `::error ${props(r, r.line)}::${data(r.error ?? 'failed')}\n`);
  // Markup readers never see (issue 35, item 4): a warning on the diff at each kind's line; the page was sent.
  const markup = results.flatMap((r) => [...(r.markup ?? []), ...(r.imagesLeftOut ?? [])].map((m) => `::warning ${props(r, m.line)}::${data(m.message)}\n`));
  return [...failed, ...markup].join('');
}

/** A stop that is not about one file (a refused key, a server gone): one annotation without a file. */
export function stopAnnotation(error: string): string {
  return `::error title=Doc Ingest::${data(error)}\n`;
}

function data(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function property(s: string): string {
  return data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
