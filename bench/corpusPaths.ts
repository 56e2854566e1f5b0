/** Where file `i` of the bench's corpus (corpus.ts) is: apart, so that a measured child process loads nothing else. */
export function pagePath(i: number): string {
  return `docs/part-${Math.floor(i / 50)}/page-${i}.md`;
}
