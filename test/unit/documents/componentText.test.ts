// Issue 35, item 3 for Mintlify: the attributes of MDX components that a reader sees (a field's name and type, a
// title, a description, a caption, a tooltip's tip) are text, in the order the rendered page shows them.
import assert from 'node:assert/strict';
import { build, texts } from '../../support/documents';

const sectionTexts = (lines: string[]) => texts(build(['# API', '', ...lines].join('\n'), 'api.mdx'));

describe('reader text: component attributes a reader sees (issue 35)', () => {
  it('a ResponseField shows its name and its type, required and default as a line; with no body too', () => {
    assert.deepEqual(sectionTexts([
      '<ResponseField name="user_id" type="string" required>',
      '  The user who asked.',
      '</ResponseField>',
      '',
      '<ResponseField name="limit" type="integer" default={20} />',
      '',
      '<ResponseField name="legacy" type="boolean" deprecated required={false} />',
      '',
      '<ResponseField name="children" type="ReactElement<StepProps>" />',
    ]), [
      '# API\n\n**user_id** (`string`, required)\n\nThe user who asked.\n\n**limit** (`integer`, default: `20`)\n\n**legacy** (`boolean`, deprecated)\n\n**children** (`ReactElement<StepProps>`)',
    ]);
  });

  it('a ParamField is named by where it goes (path, query, body, header), which shows too', () => {
    assert.deepEqual(sectionTexts([
      '<ParamField path="id" type="integer" required>',
      '  The page to read.',
      '</ParamField>',
      '<ParamField header="Authorization" type="string" />',
      '<ParamField query="page" type="integer" />',
    ]), ['# API\n\n**id** (path, `integer`, required)\n\nThe page to read.\n\n**Authorization** (header, `string`)\n\n**page** (query, `integer`)']);
  });

  it('titles before the body, descriptions after them, captions after the body, a tooltip\'s tip after its word', () => {
    assert.deepEqual(sectionTexts([
      '<AccordionGroup>',
      '  <Accordion title="Can I undo?" description="About reverting">',
      '    Yes, within a day.',
      '  </Accordion>',
      '</AccordionGroup>',
      '',
      '<Update label="2026-02-01" description="v1.2.0" tags={["Search", \'Editor\']}>',
      '  Faster search.',
      '</Update>',
      '',
      '<Frame caption="The settings page">',
      '  <img src="/settings.png" alt="Settings" />',
      '</Frame>',
      '',
      'Each <Tooltip tip="A unit of text the model reads" headline="Token">token</Tooltip> counts.',
      '',
      '<Tree>',
      '  <Tree.Folder name="app">',
      '    <Tree.File name="main.py" />',
      '  </Tree.Folder>',
      '</Tree>',
    ]), [
      [
        '# API',
        '**Can I undo?**\n\nAbout reverting\n\nYes, within a day.',
        '**2026-02-01**\n\nv1.2.0\n\nSearch, Editor\n\nFaster search.',
        // No images are sent here: the <img> reads as its alt text, as a Markdown image does (issue 35)
        'Settings\n\nThe settings page',
        'Each token (Token: A unit of text the model reads) counts.',
        '**app**\n\n**main.py**',
      ].join('\n\n'),
    ]);
  });

  it('components outside the table keep showing their title or label, and nothing else of theirs; the next block stays apart', () => {
    assert.deepEqual(sectionTexts([
      '<Card title="Quickstart" href="/quickstart" icon="rocket">',
      '  Start in five minutes.',
      '</Card>',
      '<Widget name="hidden" kind="x" />',
      '<Card title="Guides">',
      '  Read on.',
      '</Card>',
    ]), ['# API\n\n**Quickstart**\n\nStart in five minutes.\n\n**Guides**\n\nRead on.']);
  });

  it('a component in a list item keeps its blocks in the item: titles, code blocks and the blocks between them', () => {
    assert.deepEqual(sectionTexts([
      '1. Add the import.',
      '',
      '   <CodeGroup>',
      '     ```js a.js',
      '     import a from "./a";',
      '     a();',
      '     ```',
      '',
      '     ```js b.js',
      '     b();',
      '     ```',
      '   </CodeGroup>',
      '2. Run it.',
      '',
      '   <Accordion title="Why?" description="Reasons">',
      '     It loads.',
      '   </Accordion>',
    ]), [[
      '# API', '',
      '1. Add the import.', '',
      '   ```js a.js', '   import a from "./a";', '   a();', '   ```', '',
      '   ```js b.js', '   b();', '   ```', '',
      '2. Run it.', '',
      '   **Why?**', '', '   Reasons', '', '   It loads.',
    ].join('\n')]);
  });

  it('an <img> keeps its string attributes and loses its JavaScript ones (style={{ }}), which no reader sees', () => {
    const sent = JSON.stringify(build(['# API', '', '<Frame>', '  <img src="/a.png" alt="A lamp" style={{ width: \'268px\' }} className="block" />', '</Frame>'].join('\n'), 'api.mdx').document);
    assert.ok(!sent.includes('{{') && !sent.includes('268px'), sent);
    assert.ok(sent.includes('A lamp'), sent);
  });
});
