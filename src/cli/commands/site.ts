import { readFile, stat } from 'node:fs/promises';
import { describeSite, diskSiteFiles, formatSiteDescription, SiteResolver } from '../../core/site';
import { resolveConfig } from '../config';
import { EXIT } from '../exitCodes';
import { listFiles } from '../files';
import { COMMON } from '../options';
import { parse } from '../parse';
import type { Command } from './command';

export const site: Command = {
  name: 'site',
  help: `Usage: doc-ingest site [PATH|GLOB...] [options]

Prints the docs site found for the files (default: the include globs under the root): the generator, its
config file, the site's address and each rule read from the config, warnings for settings that cannot be read
without running the config (it is never run), and each page's published address, breadcrumb and title as
"ingest" sends them. The editor's "Show Site Settings" shows the same. Nothing is sent.

Options:
  --include GLOB         the files to take (repeatable; default the configuration's)
  --exclude GLOB         files to leave out (repeatable)
  --root DIR             the repository root (default: the folder of .doc-ingest.json, else git's root)
  --config FILE          a .doc-ingest.json elsewhere than in the root
  --json                 the same as one JSON object on stdout
  -h, --help             this help

Exit codes: 0 printed (also when no site is found); 2 usage or configuration.
`,
  async run(args, io) {
    const { values, positionals } = parse('site', args, {
      root: COMMON.root!,
      config: COMMON.config!,
      json: COMMON.json!,
      help: COMMON.help!,
      include: { type: 'string', multiple: true },
      exclude: { type: 'string', multiple: true },
    });
    if (values.help) {
      io.stdout.write(this.help);
      return EXIT.ok;
    }
    const config = await resolveConfig(values as Parameters<typeof resolveConfig>[0], io.env, io.cwd);
    const files = await listFiles(positionals, config, io.cwd);
    const byPath = new Map(files.map((f) => [f.relativePath, f]));
    const description = await describeSite(new SiteResolver(diskSiteFiles(config.root, config.maxFileBytes)), files.map((f) => f.relativePath), async (path) => {
      const file = byPath.get(path);
      if (!file?.absolutePath) return undefined;
      try {
        // A page over the size limit is never read, here as in `ingest`.
        if ((await stat(file.absolutePath)).size > config.maxFileBytes) return undefined;
        return await readFile(file.absolutePath, 'utf8');
      } catch {
        return undefined;
      }
    });
    io.stdout.write(values.json ? `${JSON.stringify({ version: 1, command: 'site', ...description }, null, 2)}\n` : formatSiteDescription(description));
    return EXIT.ok;
  },
};
