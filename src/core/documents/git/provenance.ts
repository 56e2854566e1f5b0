/**
 * Provenance and the size of metadata (issue 25 item 4; docs/documents.md#context-in-every-chunk).
 *
 * The server turns metadata into `key=value` tags and adds them to every chunk's embedded text only while they stay
 * under about a quarter of a 512-token chunk (`../shared/spec/observed-server.md` §6a). So what the build adds is
 * short, and a file whose metadata grows past that budget gets a warning naming its largest keys.
 */
import type { Metadata } from '../source/frontMatter';

/** Metadata keys the build adds, in this order, after the front matter's own (which win over them). */
export const PROVENANCE_KEYS = ['source_path', 'repository', 'commit', 'edit_url'] as const;

/** A quarter of the server's 512-token chunk: metadata past this is left out of the embedded text. */
export const METADATA_TOKEN_BUDGET = 128;

/**
 * The web address of a git remote, or undefined when it has none (a local path, a `file:` URL, an unknown form).
 * Credentials, a query or fragment (`?private_token=...`), ports of SSH remotes, a trailing `.git` and `/` are
 * removed: `git@github.com:o/r.git`, `ssh://git@github.com/o/r`, `https://user:token@github.com/o/r.git` and
 * `git://github.com/o/r` all give `https://github.com/o/r`. An `http:` remote stays `http:`. Azure DevOps SSH
 * remotes (`git@ssh.dev.azure.com:v3/org/project/repo`) give the address a browser opens
 * (`https://dev.azure.com/org/project/_git/repo`).
 */
export function repositoryWebAddress(remote: string): string | undefined {
  const url = remote.trim();
  // Whitespace, or a backslash (a Windows path such as `C:\repos\r`, which the scp-like form would take for a host).
  if (url === '' || /[\s\\]/.test(url)) return undefined;
  let scheme = 'https';
  let host: string;
  let repoPath: string;
  // Credentials are whatever stands before the last @, even a raw / # or ? in a token (which would end the host).
  const withScheme = /^([a-z][a-z0-9+.-]*):\/\/(?:.*@)?([^/?#]*)([^?#]*)/is.exec(url);
  if (withScheme) {
    const protocol = withScheme[1]!.toLowerCase();
    if (protocol === 'file') return undefined;
    if (protocol === 'http') scheme = 'http';
    else if (!['https', 'ssh', 'git', 'git+ssh', 'ssh+git'].includes(protocol)) return undefined;
    // The port of an SSH or git remote is no web port.
    const authority = withScheme[2]!;
    host = protocol === 'http' || protocol === 'https' ? authority : authority.replace(/:\d*$/, '');
    repoPath = withScheme[3]!;
  } else {
    // scp-like: `[user@]host:path` (a `/` before the `:` makes it a local path, as git reads it).
    const scp = /^(?:[^@/]+@)?([^:/]+):(?!\/\/)(.+)$/.exec(url);
    // A one-letter host is a Windows drive (`C:/repos/r`), as git reads it.
    if (!scp || scp[1]!.length === 1) return undefined;
    host = scp[1]!;
    repoPath = `/${scp[2]!.replace(/^\/+/, '')}`.replace(/[?#].*$/s, '');
  }
  if (host === '' || !/^[a-z0-9.-]+(?::\d+)?$/i.test(host)) return undefined;
  repoPath = repoPath.replace(/\/+$/, '').replace(/\.git$/i, '').replace(/\/+$/, '');
  if (repoPath === '' || repoPath === '/') return undefined;
  const azure = /^\/v3\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(repoPath);
  if (host.toLowerCase() === 'ssh.dev.azure.com' && azure) {
    return `https://dev.azure.com/${azure[1]}/${azure[2]}/_git/${azure[3]}`;
  }
  return `${scheme}://${host.toLowerCase()}${repoPath}`;
}

/**
 * The remote to name in `repository`: `origin` when there is one, else the first remote configured. `config` is the
 * output of `git config -z --get-regexp ^remote\..*\.url$` (`<key>\n<value>\0` per entry).
 */
export function pickRemote(config: string): string | undefined {
  const remotes: { name: string; url: string }[] = [];
  for (const entry of config.split('\0')) {
    const newline = entry.indexOf('\n');
    if (newline < 0) continue;
    const key = entry.slice(0, newline);
    const name = /^remote\.(.+)\.url$/i.exec(key)?.[1];
    if (name !== undefined) remotes.push({ name, url: entry.slice(newline + 1) });
  }
  const chosen = remotes.find((r) => r.name === 'origin') ?? remotes[0];
  return chosen === undefined ? undefined : repositoryWebAddress(chosen.url);
}

/** The `key=value` tags the server builds of metadata, one per key (a list's values joined with `, `). */
function tagLengths(metadata: Metadata): { key: string; chars: number }[] {
  return Object.entries(metadata).map(([key, value]) => ({
    key,
    chars: `${key}=${Array.isArray(value) ? value.join(', ') : value}`.length,
  }));
}

/**
 * An estimate of the tokens the metadata adds to every chunk: a token per four characters of its `key=value`
 * tags, one line each (docs/documents.md#context-in-every-chunk), and its keys, largest first.
 */
export function metadataTokens(metadata: Metadata): { tokens: number; largest: { key: string; tokens: number }[] } {
  const tags = tagLengths(metadata);
  const chars = tags.reduce((sum, t) => sum + t.chars, 0) + Math.max(0, tags.length - 1);
  const largest = tags
    .map((t) => ({ key: t.key, tokens: Math.ceil(t.chars / 4) }))
    .sort((a, b) => b.tokens - a.tokens || (a.key < b.key ? -1 : 1));
  return { tokens: Math.ceil(chars / 4), largest };
}
