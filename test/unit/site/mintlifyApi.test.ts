// Issue 35: Mintlify's API pages. A page whose front matter names an OpenAPI operation or an AsyncAPI channel is
// written by Mintlify from the spec ("OpenAPI setup", "AsyncAPI setup"); the build puts that part, as a reader sees
// it, before the page's own text, and a page whose spec or operation is not there says so as its own reason.
import assert from 'node:assert/strict';
import { buildDocument } from '../../../src/core/documents';
import { DocumentError } from '../../../src/core/documents/problems/errors';
import { SiteResolver } from '../../../src/core/site';
import { listedFiles } from './memoryFiles';

const spec = (summary: string, extra: Record<string, unknown> = {}) => JSON.stringify({
  openapi: '3.0.0',
  paths: { '/items': { get: { summary, responses: { 200: { description: 'The items.' } }, ...extra } } },
});

async function built(files: Record<string, string>, path: string) {
  const resolver = new SiteResolver(listedFiles({ 'docs.json': JSON.stringify({ navigation: { pages: Object.keys(files).filter((f) => f.endsWith('.mdx')).map((f) => f.replace(/\.mdx$/, '')) } }), ...files }));
  const site = await resolver.factsOf(path, files[path] ?? '');
  return buildDocument(files[path] ?? '', path, { site, now: new Date(0) });
}

describe('Mintlify API pages (issue 35)', () => {
  it('openapi: METHOD /path without a file finds the operation in the first spec by file name, as Mintlify does; its summary titles the page', async () => {
    const result = await built({
      'b-spec.json': spec('From b'),
      'sub/a-spec.json': spec('From a'),
      'package.json': JSON.stringify({ name: 'not a spec', paths: {} }),
      'items.mdx': '---\nopenapi: GET /items\n---\n',
    }, 'items.mdx');
    assert.equal(result.document.title, 'From a');
    assert.equal(result.document.sections[0]?.text, '`GET /items`\n\n**Responses**\n\n**200**: The items.');
  });

  it('the page\'s own text follows the generated part; x-mint metadata titles the page before the summary', async () => {
    const result = await built({
      'openapi.yaml': 'openapi: 3.1.0\npaths:\n  /items:\n    get:\n      summary: Summary\n      x-mint:\n        metadata:\n          title: Listed items\n      responses: {}\n',
      'items.mdx': '---\nopenapi: "openapi.yaml GET /items"\n---\n\nWritten by hand.\n',
    }, 'items.mdx');
    assert.equal(result.document.title, 'Listed items');
    assert.deepEqual(result.document.sections.map((s) => s.text), ['`GET /items`\n\nWritten by hand.']);
  });

  it('a $ref cycle in a schema ends, and a ref outside the spec is left out', async () => {
    const cyclic = JSON.stringify({
      openapi: '3.0.0',
      paths: { '/items': { post: {
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } },
        responses: { 200: { $ref: 'other.json#/responses/Ok' } },
      } } },
      components: { schemas: { Node: { type: 'object', properties: { child: { $ref: '#/components/schemas/Node' }, loop: { $ref: '#/components/schemas/Loop' } } }, Loop: { $ref: '#/components/schemas/Loop' } } },
    });
    const result = await built({ 'openapi.json': cyclic, 'items.mdx': '---\nopenapi: "/openapi.json POST /items"\n---\n' }, 'items.mdx');
    assert.equal(result.document.sections[0]?.text, '`POST /items`\n\n**Body** (`application/json`)\n\n**child** (`object`)\n\n**loop**\n\n**Responses**\n\n**200**');
  });

  it('a page whose spec, operation or channel is not there is skipped with that reason; with text of its own it is sent with a warning', async () => {
    const skipped = async (files: Record<string, string>) => {
      try {
        await built(files, 'page.mdx');
      } catch (e) {
        assert.ok(e instanceof DocumentError && e.code === 'empty', String(e));
        return e.message;
      }
      assert.fail('not skipped');
    };
    assert.equal(
      await skipped({ 'page.mdx': '---\nopenapi: "/gone.json GET /items"\n---\n' }),
      '“page.mdx” is a page its site generates from a spec, but its spec gone.json (front matter openapi) is missing or is no JSON or YAML; it has no text of its own to ingest.',
    );
    assert.match(await skipped({ 'openapi.json': spec('S'), 'page.mdx': '---\nopenapi: "/openapi.json DELETE /items"\n---\n' }), /its spec openapi\.json has no operation DELETE \/items;/);
    assert.match(await skipped({ 'page.mdx': '---\nopenapi: "https://api.example.test/openapi.json GET /items"\n---\n' }), /its spec https:\/\/api\.example\.test\/openapi\.json is on the web, which is not fetched;/);
    assert.match(await skipped({ 'page.mdx': '---\nopenapi: GET /items\n---\n' }), /no OpenAPI spec of the site has the operation GET \/items/);
    assert.match(await skipped({ 'events.yaml': 'asyncapi: 3.0.0\nchannels: {}\n', 'page.mdx': '---\nasyncapi: "/events.yaml lamp"\n---\n' }), /its spec events\.yaml has no channel lamp;/);

    const withText = await built({ 'page.mdx': '---\nopenapi: "/gone.json GET /items"\n---\n\nStill here.\n' }, 'page.mdx');
    assert.deepEqual(withText.document.sections.map((s) => s.text), ['Still here.']);
    assert.match(withText.warnings.join('\n'), /generates part of this page from a spec, but its spec gone\.json .* only the page's own text is sent/);
  });
});
