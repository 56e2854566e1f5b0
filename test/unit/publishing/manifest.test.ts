import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SOURCE_KINDS } from '../../../src/core/api/schemas';
import { DEFAULT_EXCLUDE, DEFAULT_INCLUDE } from '../../../src/core/config/defaults';
import { PROJECT_CONFIG_KEYS } from '../../../src/core/config/projectConfig';
import { PROJECT_CONFIG_KEY_NAMES } from '../../../src/core/config/projectConfigName';

const root = path.resolve(__dirname, '../../../..');
const read = (f: string) => fs.readFileSync(path.join(root, f), 'utf8');

describe('manifest', () => {
  const pkgText = read('package.json');
  const pkg = JSON.parse(pkgText);
  const nls = JSON.parse(read('package.nls.json')) as Record<string, string>;

  it('every %placeholder% in package.json has a text in package.nls.json, and every text is used', () => {
    const used = new Set([...pkgText.matchAll(/"%([^%"]+)%"/g)].map((m) => m[1]!));
    assert.ok(used.size > 10);
    assert.deepEqual([...used].filter((k) => !(k in nls)), []);
    assert.deepEqual(Object.keys(nls).filter((k) => !used.has(k)), []);
  });

  it('declares every setting the extension reads', () => {
    const declared = new Set(Object.keys(pkg.contributes.configuration.properties));
    const source = read('src/extension/services/settings.ts');
    const read_ = [...source.matchAll(/c\.get<[^>]+>\('([^']+)'\)|(?:positive|text)\('([^']+)'/g)].map((m) => `docIngest.${m[1] ?? m[2]}`);
    assert.ok(read_.length >= 10);
    assert.deepEqual(read_.filter((k) => !declared.has(k)), []);
  });

  it('the command line takes the same files as the extension: the include and exclude defaults are the core\'s', () => {
    const props = pkg.contributes.configuration.properties;
    assert.deepEqual(props['docIngest.include'].default, DEFAULT_INCLUDE);
    assert.deepEqual(props['docIngest.exclude'].default, DEFAULT_EXCLUDE);
    assert.equal(pkg.bin['doc-ingest'], './dist/cli.js');
  });

  it('every key of .doc-ingest.json is a setting of the same name, and none of them is the server or a secret', () => {
    const declared = new Set(Object.keys(pkg.contributes.configuration.properties));
    assert.deepEqual(PROJECT_CONFIG_KEYS.filter((k) => !declared.has(`docIngest.${k}`)), []);
    assert.ok(!PROJECT_CONFIG_KEYS.some((k) => /baseUrl|key/i.test(k)));
    // The settings read these keys from the file without its parser at hand (issue 37): the same keys.
    assert.deepEqual([...PROJECT_CONFIG_KEY_NAMES].sort(), [...PROJECT_CONFIG_KEYS].sort());
  });

  it('keeps the server URL out of workspace reach', () => {
    const baseUrl = pkg.contributes.configuration.properties['docIngest.baseUrl'];
    assert.equal(baseUrl.scope, 'application');
    assert.ok(pkg.capabilities.untrustedWorkspaces.restrictedConfigurations.includes('docIngest.baseUrl'));
    assert.deepEqual(pkg.activationEvents, [], 'no start-up activation: contributions activate the extension');
  });

  it('offers the credential editor the same source kinds the client accepts', () => {
    const schema = JSON.parse(read('media/credential-update.schema.json'));
    assert.deepEqual(schema.properties.source.enum, [...SOURCE_KINDS]);
  });

  it('names the view container and views as other tools expect', () => {
    assert.equal(pkg.contributes.viewsContainers.activitybar[0].id, 'docIngest');
    assert.deepEqual(pkg.contributes.views.docIngest.map((v: { id: string }) => v.id), ['docIngest.connectorFiles', 'docIngest.userFiles', 'docIngest.results', 'docIngest.documents', 'docIngest.findability']);
    for (const c of pkg.contributes.commands) assert.equal(c.category, 'Doc Ingest', c.command);
  });
});

describe('package contents', () => {
  it('ships every file the manifest refers to (.vscodeignore keeps them)', () => {
    const pkg = JSON.parse(read('package.json'));
    const ignore = read('.vscodeignore').split('\n').filter((l) => l.startsWith('!')).map((l) => l.slice(1));
    const kept = (file: string) => ignore.some((p) => new RegExp(`^${p.replace(/\./g, '\\.').replace(/\*\*/g, '.*').replace(/(?<!\.)\*/g, '[^/]*')}$`).test(file));
    const referenced = [
      pkg.main.replace(/^\.\//, ''),
      pkg.icon,
      ...pkg.contributes.viewsContainers.activitybar.map((c: { icon: string }) => c.icon),
      ...pkg.contributes.jsonValidation.map((j: { url: string }) => j.url.replace(/^\.\//, '')),
      ...pkg.contributes.walkthroughs.flatMap((w: { steps: { media: Record<string, string> }[] }) =>
        w.steps.map((s) => s.media.markdown ?? s.media.image ?? s.media.svg)),
    ];
    assert.deepEqual(referenced.filter((f) => !kept(f)), []);
    for (const f of referenced.slice(1)) assert.ok(fs.existsSync(path.join(root, f)), f);
  });

  it('vsce ls lists only what the extension uses: the bundle, the files the manifest names, its texts and documents', function () {
    this.timeout(30_000);
    const pkg = JSON.parse(read('package.json'));
    const listed = execFileSync(process.execPath, [path.join(root, 'node_modules/@vscode/vsce/vsce'), 'ls'], { cwd: root, encoding: 'utf8' }).trim().split('\n');
    const walkthroughMedia = pkg.contributes.walkthroughs.flatMap((w: { steps: { media: Record<string, string> }[] }) => w.steps.map((s) => s.media.markdown ?? s.media.image ?? s.media.svg));
    // What a walkthrough page shows, it names (markdown media refer to images by path).
    const fromWalkthrough = walkthroughMedia.filter((f: string) => f.endsWith('.md')).flatMap((f: string) => [...read(f).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => path.posix.join(path.posix.dirname(f), m[1]!)));
    const needed = new Set<string>([
      pkg.main.replace(/^\.\//, ''), pkg.icon, 'package.json', 'package.nls.json', 'README.md', 'CHANGELOG.md', 'LICENSE',
      ...pkg.contributes.viewsContainers.activitybar.map((c: { icon: string }) => c.icon),
      ...pkg.contributes.jsonValidation.map((j: { url: string }) => j.url.replace(/^\.\//, '')),
      ...walkthroughMedia, ...fromWalkthrough,
      ...pkg.contributes.walkthroughs.flatMap((w: { steps: { media: Record<string, string> }[] }) => w.steps.map((s) => s.media.image).filter(Boolean)),
    ]);
    // Translations: VS Code loads bundle.l10n.<locale>.json for other languages only; English is the source's text.
    const translation = /^(package\.nls\.[a-z-]+\.json|l10n\/bundle\.l10n\.[a-z-]+\.json)$/;
    // The entry's chunks, loaded on first use (esbuild.mjs).
    const chunk = /^dist\/extension\/[^/]+\.mjs$/;
    assert.deepEqual(listed.filter((f) => !needed.has(f) && !translation.test(f) && !chunk.test(f)), [], 'files no user needs');
    assert.ok(listed.includes('dist/extension.mjs') && listed.includes('l10n/bundle.l10n.de.json'));
    assert.ok(!listed.includes('l10n/bundle.l10n.json'), 'the English bundle is for translators, not loaded');
  });

  it('fills the Marketplace page: categories, keywords, banner, Q&A, pricing; links come from repository', () => {
    const pkg = JSON.parse(read('package.json'));
    // The Marketplace's categories (vsce does not check them; an unknown one is dropped on the page).
    const categories = ['AI', 'Azure', 'Chat', 'Data Science', 'Debuggers', 'Education', 'Extension Packs', 'Formatters', 'Keymaps', 'Language Packs', 'Linters', 'Machine Learning', 'Notebooks', 'Other', 'Programming Languages', 'SCM Providers', 'Snippets', 'Testing', 'Themes', 'Visualization'];
    assert.deepEqual(pkg.categories.filter((c: string) => !categories.includes(c)), []);
    assert.ok(pkg.keywords.length >= 5 && pkg.keywords.length <= 30, 'the Marketplace keeps 30 keywords');
    assert.equal(pkg.pricing, 'Free');
    assert.equal(pkg.qna, 'marketplace');
    assert.match(pkg.galleryBanner.color, /^#[0-9A-F]{6}$/i);
    assert.ok(['dark', 'light'].includes(pkg.galleryBanner.theme));
    // One address for all: vsce (as npm) makes the Issues and Homepage links and the README's image addresses from
    // repository; written out, bugs and homepage must be on it.
    const repository = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
    for (const link of [pkg.bugs?.url ?? pkg.bugs, pkg.homepage].filter(Boolean)) {
      assert.ok(repository && link.startsWith(repository.replace(/^git\+/, '').replace(/\.git$/, '')), `${link} is on the repository ${repository}`);
    }
  });

  it('README images are files of the repository, which packaging turns into https addresses', () => {
    // The Extensions view loads README images from https only (scripts/package.mjs): relative paths to real files
    // are what vsce can rewrite under the published base address.
    // Image syntax shown as code (`![alt](img/x.png)` in a sentence, or in a fence) is an example, not an image.
    const prose = read('README.md').replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
    const images = [...prose.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
    assert.ok(images.length >= 3);
    assert.deepEqual(images.filter((href) => /^[a-z]+:/i.test(href) || !fs.existsSync(path.join(root, href))), []);
  });
});
