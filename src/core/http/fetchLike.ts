/** The fetch every request goes through: VS Code's global one in the editor, nodeFetch.ts elsewhere, a fake in tests. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
