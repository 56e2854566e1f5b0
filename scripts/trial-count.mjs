// The counting of `npm run trial` (scripts/trial.mjs), apart from the running so that it reads as plain functions
// of our own outputs: the `ingest --dry-run --json` report (src/cli/report.ts), `site --json`, and the request
// bodies `preview` prints.

/**
 * Markup a reader of the site never sees, found in a built section's text outside code (examples of the syntax in
 * code blocks are content). Each kind counts pages, not occurrences. The kinds are the build's own (one definition:
 * src/core/documents/markup/unrendered.ts, bundled as dist/cli/markup.mjs), so the trial counts what a run warns of.
 */
const markup = await import(new URL('../dist/cli/markup.mjs', import.meta.url).href).catch((e) => {
  throw new Error(`dist/cli/markup.mjs cannot be loaded (${e.message}): run npm run build:dev (npm run trial does).`);
});

/** `{ id, label, test }` of each kind, in the order the trial prints them. */
export const MARKUP_KINDS = markup.MARKUP_KINDS;

const EXAMPLES = 3;

/** The kinds of leftover markup in one page's sections (ids of MARKUP_KINDS). */
export function markupOf(sections) {
  const found = new Set(sections.flatMap((s) => markup.unrenderedKinds(s.text ?? '')));
  return MARKUP_KINDS.filter((k) => found.has(k.id)).map((k) => k.id);
}

/**
 * One message per kind of problem: the file's own name, quoted names, paths and numbers become placeholders, and a
 * list of the same clause (one per missing image) one clause.
 */
export function messageKind(message, filePath) {
  let m = message.split(filePath).join('<file>');
  const base = filePath.split('/').pop();
  m = m.split(`“${base}”`).join('<file>');
  m = m.replace(/“[^”]*”/g, '“…”');
  m = m.replace(/(?:[\w.@~+-]+\/)+[\w.@~+-]*/g, '<path>');
  m = m.replace(/\b[\w-]+\.(?:mdx?|markdown|txt|ipynb|html?|png|jpe?g|gif|svg|webp|ya?ml|json|js|ts|py)\b/gi, '<path>');
  m = m.replace(/<path>(?:,? (?:and )?<path>)+/g, '<path>');
  m = m.replace(/\d+/g, 'N');
  // "the image <path> (line N) is missing; the image <path> (line N) is missing" once, however many images.
  return m.replace(/(\b[^:;]+)(?:; \1)+/g, '$1');
}

function add(map, key, example) {
  const entry = map.get(key) ?? { count: 0, examples: [] };
  entry.count++;
  if (entry.examples.length < EXAMPLES) entry.examples.push(example);
  map.set(key, entry);
}

const listed = (map) => [...map].sort((a, b) => b[1].count - a[1].count);

/**
 * The figures of one site. `site`: the `site --json` object; `report`: the dry run's report; `pages`: what was
 * built of each sendable file, `{ path, document }` (the request body's document) or `{ path, error }`.
 */
export function figures({ site, report, pages }) {
  const published = new Set();
  const configs = site.sites.map((s) => {
    const pagesOf = s.pages.filter((p) => p.notPage === undefined);
    for (const p of pagesOf) published.add(p.path);
    return { generator: s.generator, configFile: s.configFile, published: pagesOf.length, notPages: s.pages.length - pagesOf.length };
  });

  const skipped = new Map();
  const failures = new Map();
  const takenNotPublished = new Map();
  const publishedOutcomes = new Map();
  const outcomes = {};
  for (const f of report.files) {
    outcomes[f.outcome] = (outcomes[f.outcome] ?? 0) + 1;
    const message = f.error ? messageKind(f.error, f.path) : '(no message)';
    if (f.outcome === 'skipped') {
      add(skipped, f.reason ? `${f.reason}: ${message}` : message, f.path);
      if (published.has(f.path)) add(publishedOutcomes, 'skipped', f.path);
      continue;
    }
    if (published.has(f.path)) add(publishedOutcomes, f.outcome, f.path);
    if (f.outcome === 'failed' || f.outcome === 'notSent') add(failures, `${f.errorKind ?? f.outcome}: ${message}`, f.path);
    if (!published.has(f.path)) add(takenNotPublished, 'taken', f.path);
  }
  const inReport = new Set(report.files.map((f) => f.path));
  for (const p of published) if (!inReport.has(p)) add(publishedOutcomes, 'notListed', p);

  const markup = new Map(MARKUP_KINDS.map((k) => [k.id, { count: 0, examples: [] }]));
  const addresses = { withoutAddress: new Map(), withoutBreadcrumb: new Map(), emptyBreadcrumbLabel: new Map() };
  const buildFailures = new Map();
  let built = 0;
  for (const page of pages) {
    if (!page.document) {
      add(buildFailures, messageKind(page.error ?? '(no message)', page.path), page.path);
      continue;
    }
    built++;
    const sections = page.document.sections ?? [];
    for (const id of markupOf(sections)) add(markup, id, page.path);
    if (sections.some((s) => !s.link)) add(addresses.withoutAddress, 'x', page.path);
    const breadcrumb = page.document.metadata?.breadcrumb;
    if (typeof breadcrumb !== 'string') add(addresses.withoutBreadcrumb, 'x', page.path);
    else if (breadcrumb.split('›').some((label) => label.trim() === '')) add(addresses.emptyBreadcrumbLabel, 'x', page.path);
  }

  const taken = report.files.length - (outcomes.skipped ?? 0);
  const wouldSend = outcomes.wouldSend ?? 0;
  const one = (map) => map.get('x') ?? { count: 0, examples: [] };
  return {
    configs,
    published: published.size,
    listed: report.files.length,
    taken,
    takenNotPublished: takenNotPublished.get('taken') ?? { count: 0, examples: [] },
    /** The published pages by what the dry run did with them: wouldSend, failed, skipped, notListed (by the globs). */
    publishedOutcomes: Object.fromEntries(listed(publishedOutcomes)),
    wouldSend,
    sendableShare: taken ? wouldSend / taken : 0,
    failed: (outcomes.failed ?? 0) + (outcomes.notSent ?? 0),
    skipped: listed(skipped).map(([reason, e]) => ({ reason, ...e })),
    failures: listed(failures).map(([message, e]) => ({ message, ...e })),
    built,
    buildFailures: listed(buildFailures).map(([message, e]) => ({ message, ...e })),
    markup: Object.fromEntries(MARKUP_KINDS.map((k) => [k.id, markup.get(k.id)])),
    withoutAddress: one(addresses.withoutAddress),
    withoutBreadcrumb: one(addresses.withoutBreadcrumb),
    emptyBreadcrumbLabel: one(addresses.emptyBreadcrumbLabel),
  };
}

const OUTCOME_WORDS = { notListed: 'not listed (globs)', notSent: 'not sent' };
const GENERATORS = { mkdocs: 'MkDocs', docusaurus: 'Docusaurus', mintlify: 'Mintlify' };
const pct = (n, of) => (of ? `${((100 * n) / of).toFixed(1)}%` : '-');
const eg = (e) => (e.examples.length ? `  e.g. ${e.examples.join(', ')}` : '');

/** The readable table of one site's result (figures plus the run's facts: name, root, commit, speed, warnings). */
export function formatSite(r) {
  const lines = [`== ${r.name}  ${r.root}${r.commit ? ` @ ${r.commit}` : ''}`];
  if (r.error) return [...lines, `   trial failed: ${r.error}`, ''].join('\n');
  const row = (label, value, note = '') => lines.push(`   ${label.padEnd(38)} ${String(value).padStart(6)}${note}`);
  if (!r.configs.length) lines.push('   no docs site found (no mkdocs.yml, docusaurus.config.*, docs.json or mint.json)');
  for (const c of r.configs) row(`${GENERATORS[c.generator] ?? c.generator} ${c.configFile}`, c.published, `  published pages; ${c.notPages} listed files are none`);
  row('published pages (all configs)', r.published);
  row('files listed', r.listed);
  row('taken (not skipped)', r.taken, `  ${pct(r.taken, r.listed)} of listed`);
  row('  taken, not a published page', r.takenNotPublished.count, eg(r.takenNotPublished));
  const sent = r.publishedOutcomes.wouldSend?.count ?? 0;
  row('  published page, would send', sent, `  ${pct(sent, r.published)} of published`);
  for (const [how, e] of Object.entries(r.publishedOutcomes)) if (how !== 'wouldSend') row(`  published page, ${OUTCOME_WORDS[how] ?? how}`, e.count, eg(e));
  row('would send (sendable)', r.wouldSend, `  ${pct(r.wouldSend, r.taken)} of taken`);
  row('second dry run would send', r.secondWouldSend, r.secondWouldSend === r.wouldSend ? '  (same: a dry run leaves nothing behind)' : '  (DIFFERS from the first)');
  row('failed', r.failed);
  lines.push('   skipped, by reason:');
  if (!r.skipped.length) lines.push('      (none)');
  for (const s of r.skipped) lines.push(`   ${String(s.count).padStart(6)}  ${s.reason}${eg(s)}`);
  lines.push('   failed, by message:');
  if (!r.failures.length) lines.push('      (none)');
  for (const f of r.failures) lines.push(`   ${String(f.count).padStart(6)}  ${f.message}${eg(f)}`);
  lines.push(`   unrendered markup, pages of ${r.built} built (outside code):`);
  for (const k of MARKUP_KINDS) {
    const e = r.markup[k.id];
    lines.push(`   ${String(e.count).padStart(6)}  ${e.count ? `${k.label.padEnd(36)}${eg(e)}` : k.label}`);
  }
  for (const f of r.buildFailures) lines.push(`   ${String(f.count).padStart(6)}  (preview failed) ${f.message}${eg(f)}`);
  row('pages without address (link)', r.withoutAddress.count, eg(r.withoutAddress));
  row('pages without breadcrumb', r.withoutBreadcrumb.count, eg(r.withoutBreadcrumb));
  row('pages with an empty breadcrumb label', r.emptyBreadcrumbLabel.count, eg(r.emptyBreadcrumbLabel));
  row('files per second (dry run, wall)', r.filesPerSecond.toFixed(0), `  ${r.listed} files in ${r.seconds.toFixed(1)} s`);
  row('peak memory, RSS (MB)', r.peakRssMB ?? '?');
  if (r.warnings.length) {
    lines.push(`   config warnings (${r.warnings.length}):`);
    for (const w of r.warnings) lines.push(`      ${w}`);
  }
  return `${lines.join('\n')}\n`;
}
