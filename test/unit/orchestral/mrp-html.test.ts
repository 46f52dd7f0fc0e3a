import * as assert from 'node:assert';
import { renderSummary } from '../../../src/vscode/runs/mrp-html';

describe('MRP summary rendering', () => {
  it('renders Markdown, shows raw HTML as text and drops unsafe links', () => {
    const html = renderSummary('# Title\n\n<script>alert(1)</script>\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n'
      + '[ok](https://example.com) [cmd](command:workbench.action.terminal.sendSequence) [js](javascript:alert(1)) [file](file:///etc/passwd)\n');
    assert.match(html, /<h1>Title<\/h1>/);
    assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.doesNotMatch(html, /<script/);
    assert.match(html, /<table>/);
    assert.match(html, /<a href="https:\/\/example.com">ok<\/a>/);
    assert.doesNotMatch(html, /href="(command|javascript|file):/);
  });
});
