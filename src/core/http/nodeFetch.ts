/**
 * The fetch used outside VS Code (command line, tests, benchmarks): undici's, with a keep-alive agent.
 * Inside VS Code the global fetch is used instead, because VS Code adds the user's proxy and the system's
 * certificates to it; an own dispatcher there would bypass both.
 */
import { Agent, FormData as UndiciFormData, fetch as undiciFetch } from 'undici';
import type { FetchLike } from '../api/transport';

export interface NodeFetch {
  fetch: FetchLike;
  close(): Promise<void>;
}

type UndiciInit = NonNullable<Parameters<typeof undiciFetch>[1]>;

export function createNodeFetch(connections = 16): NodeFetch {
  const dispatcher = new Agent({ connections, keepAliveTimeout: 10000 });
  const fetch: FetchLike = (input, init) =>
    undiciFetch(input, { ...(init as UndiciInit), body: toUndiciBody(init.body), dispatcher }) as unknown as Promise<Response>;
  return { fetch, close: () => dispatcher.close() };
}

/** The package's fetch only recognises its own FormData class as multipart; the client builds the global one. */
function toUndiciBody(body: RequestInit['body']): UndiciInit['body'] {
  if (!(body instanceof FormData)) return body as UndiciInit['body'];
  const form = new UndiciFormData();
  for (const [name, value] of body.entries()) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, value.name);
  }
  return form;
}
