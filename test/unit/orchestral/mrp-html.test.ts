import * as assert from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { OrchestralRun } from '../../../src/core/formats/orchestral/model';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { mrpPageHtml, renderSummary } from '../../../src/vscode/runs/mrp-html';
import { TempWorkspace } from '../helpers/temp-workspace';
import { json, stateJson } from './fixtures';

const RUN = 'run-20260115143022';
const DIR = `.orchestral/runs/${RUN}`;

/** A run with an MRP, read from real files by the real reader. */
async function runWithMrp(ws: TempWorkspace): Promise<OrchestralRun> {
  const service = new OrchestrationService({ folders: [{ root: ws.root }] });
  await service.scan();
  const run = service.items().find((i): i is OrchestralRun => i.system === 'orchestral' && i.kind === 'run');
  assert.ok(run?.mrp, 'the run and its evidence.json are read');
  return run;
}

const commandLink = (file: string) => `command:baton.runs.openFile?${encodeURIComponent(JSON.stringify([file]))}`;
const count = (text: string, part: string) => text.split(part).length - 1;

describe('MRP viewer page (mrp-html.ts)', () => {
  let ws: TempWorkspace;
  afterEach(() => ws?.dispose());

  it('renders summary.md through the shared Markdown reading: raw HTML as text, no unsafe links', () => {
    const { html } = renderSummary('# Title\n\n<script>alert(1)</script>\n\nUse `x()` *now*.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n'
      + '[ok](https://example.com) [cmd](command:workbench.action.terminal.sendSequence) [js](javascript:alert(1)) [file](file:///etc/passwd)\n', '/ws');
    assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.doesNotMatch(html, /<script/);
    assert.match(html, /<code>x\(\)<\/code> <em>now<\/em>/);
    assert.match(html, /<table>/);
    assert.match(html, /<a href="https:\/\/example.com" title="https:\/\/example.com">ok<\/a>/);
    assert.doesNotMatch(html, /href="(command:workbench|javascript|file):/);
  });

  it('links changed files, VCRs and logs to the open-file command, and shows the run\'s title once', async () => {
    ws = new TempWorkspace({
      [`${DIR}/state.json`]: stateJson(null),
      [`${DIR}/briefing/raw.md`]: '# Rate limiting for the API\n',
      [`${DIR}/mrp/summary.md`]: '# Merge-Readiness Pack — Rate limiting for the API\n\nRun `run-20260115143022` passed; see [the app](src/app.ts).\n',
      [`${DIR}/mrp/evidence.json`]: json({ tests: { total: 2, passed: 2, failed: 0, coverage: 80 },
        files_changed: ['src/middleware/a-very-long-folder-name/rateLimiter.ts'], decisions: ['vcr-001'], iterations: 1, logs: { builder: 'builder/log.md' } }),
      [`${DIR}/vcr/vcr-1.json`]: json({ vcr_id: 'vcr-001', crp_id: 'crp-001', decision: 'A', rationale: 'Defaults first.', applies_to_future: false }),
    });
    const run = await runWithMrp(ws);
    const html = mrpPageHtml(run, renderSummary(readFileSync(ws.path(`${DIR}/mrp/summary.md`), 'utf8'), run.root), "default-src 'none'", 'n', '');

    // summary.md's own heading titles the page; the run's title is not repeated under it or in the body
    assert.match(html, /<h1>Merge-Readiness Pack — Rate limiting for the API<\/h1>/);
    assert.strictEqual(count(html, 'Rate limiting for the API'), 1, html);
    assert.strictEqual(count(html, '<h1>'), 1);

    const root = ws.root;
    const escaped = (file: string) => commandLink(file).replace(/&/g, '&amp;');
    assert.ok(html.includes(`href="${escaped(path.join(root, 'src/middleware/a-very-long-folder-name/rateLimiter.ts'))}"`), 'changed file links to the command');
    assert.ok(html.includes(`<code>src/middleware/a-very-long-folder-name/rateLimiter.ts</code>`), 'the path is shown whole');
    assert.ok(html.includes(`href="${escaped(path.join(root, DIR, 'vcr/vcr-1.json'))}"`), 'the VCR links to its file');
    assert.ok(html.includes(`href="${escaped(path.join(root, DIR, 'builder/log.md'))}"`), 'the log links to its file');
    assert.ok(html.includes(`href="${escaped(path.join(root, 'src/app.ts'))}"`), 'a relative link in summary.md opens the workspace file');
    assert.doesNotMatch(html, /text-overflow|ellipsis/);
  });

  it('titles a page without a summary heading "Merge-Readiness Pack" and names the run under it', async () => {
    ws = new TempWorkspace({
      [`${DIR}/state.json`]: stateJson(null),
      [`${DIR}/briefing/raw.md`]: '# Rate limiting for the API\n',
      [`${DIR}/mrp/evidence.json`]: json({ files_changed: [], decisions: [] }),
    });
    const run = await runWithMrp(ws);
    const html = mrpPageHtml(run, { message: 'No mrp/summary.md in this run yet.' }, "default-src 'none'", 'n', '');
    assert.match(html, /<h1>Merge-Readiness Pack<\/h1><p class="muted">Rate limiting for the API · <code>run-20260115143022<\/code> · waiting_human<\/p>/);
    assert.strictEqual(count(html, 'Rate limiting for the API'), 1);
  });
});
