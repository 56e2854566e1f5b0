import type { Answer } from '../../core/findability';

/**
 * The 0-based line of a page where a question stands now: its line when checked if that line still holds it, else
 * the first line that does (the writer added lines above since), else the first line for the title question (it
 * stands nowhere in particular). Undefined: the question is no longer written in the page, or it is written in the
 * questions file.
 */
export function questionLine(lines: readonly string[], a: Answer): number | undefined {
  if (a.question.file !== undefined) return undefined;
  if (a.question.line === undefined) return a.question.origin === 'title' ? 0 : undefined;
  const was = a.question.line - 1;
  if (lines[was]?.includes(a.question.text)) return was;
  const now = lines.findIndex((l) => l.includes(a.question.text));
  return now < 0 ? undefined : now;
}
