import path from 'node:path';
import type { FileResult } from '../../core/batch';

/**
 * GitHub Actions workflow commands: each failed file becomes an `::error file=…,line=…::` annotation on the
 * pull request's diff. Paths are relative to the checkout (`GITHUB_WORKSPACE`), as GitHub wants them.
 */
export function annotations(results: readonly FileResult[], workspace: string | undefined): string {
  return results
    .filter((r) => r.outcome === 'failed')
    .map((r) => {
      const at = r.file.absolutePath && workspace ? path.relative(workspace, r.file.absolutePath).split(path.sep).join('/') : r.file.relativePath;
      const props = [`file=${property(at)}`, ...(r.line ? [`line=${r.line}`] : []), 'title=Doc Ingest'];
      return `::error ${props.join(',')}::${data(r.error ?? 'failed')}\n`;
    })
    .join('');
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
