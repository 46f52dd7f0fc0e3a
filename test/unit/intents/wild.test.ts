import * as assert from 'node:assert';
import path from 'node:path';
import type { Intent } from '../../../src/core/formats/intents/model';
import { OrchestrationService } from '../../../src/core/service/orchestration-service';
import { FIXTURES, TempWorkspace } from '../helpers/temp-workspace';

/*
 * The intents fixtures of test/fixtures/wild/intents/ (map-*, intents-*): each reproduces a shape real forks write
 * (its ABOUT.md says which). Read through the real service in a temp copy; the facts asserted are what the fork's
 * own reader, or a person reading the file, would take from it.
 */

const WILD = path.join(FIXTURES, 'wild', 'intents');
export const INTENT_FIXTURES = ['map-heading-nested-bullets', 'map-timestamped-headings', 'map-intent-id-first-table',
  'map-owned-files-subsections', 'map-headerless-rows', 'map-empty', 'intents-fork-field-shapes', 'intents-bare-list',
  'intents-file-name-case'];

async function open(name: string) {
  const ws = new TempWorkspace({}, path.join(WILD, name));
  const service = new OrchestrationService({ folders: [{ root: ws.root }] });
  await service.scan();
  const intents = new Map(service.items().filter((i): i is Intent => i.system === 'intents').map((i) => [i.id, i]));
  return { ws, service, intents };
}

const mapped = (i: Intent | undefined) => (i?.mapRows ?? []).filter((r) => r.owner === i!.id).map((r) => r.file);

describe('intents in the wild: every fixture reads with no diagnostic', () => {
  for (const name of INTENT_FIXTURES) {
    it(name, async () => {
      const { ws, service } = await open(name);
      try {
        assert.deepStrictEqual(service.diagnostics().map((d) => `${d.file}:${d.line}: ${d.message}`), []);
      } finally {
        ws.dispose();
      }
    });
  }
});

describe('intents in the wild: the facts each shape gives', () => {
  let ws: TempWorkspace | undefined;
  afterEach(() => ws?.dispose());

  it('a heading per intent with nested bullets (78gk-style)', async () => {
    const r = await open('map-heading-nested-bullets');
    ws = r.ws;
    const a = r.intents.get('INT-101')!;
    const b = r.intents.get('billing-day3')!;
    assert.deepStrictEqual([a.title, a.status, a.ownedScope], ['Split the billing service', '', ['svc/billing/**']]);
    assert.deepStrictEqual([b.title, b.description, b.ownedScope], ['Day 3: invoice rendering',
      'Move PDF rendering out of the request path into a queue worker.', ['svc/render/**', '.orchestration/**']]);
    assert.deepStrictEqual(mapped(a), ['svc/billing/**', 'svc/billing/invoice.ts', 'svc/billing/tax/rates.ts']);
    assert.deepStrictEqual(mapped(b), ['svc/render/**', 'svc/render/worker.ts', 'svc/render/queue.ts']);
    assert.deepStrictEqual(r.service.intents.ownersOf(r.ws.root, 'svc/render/queue.ts').map((o) => `${o.intent}:${o.via}`),
      ['billing-day3:owned_scope', 'billing-day3:intent_map']);
    assert.deepStrictEqual(r.service.intents.ownersOf(r.ws.root, 'svc/billing/refunds.ts').map((o) => `${o.intent}:${o.via}`),
      ['INT-101:owned_scope', 'INT-101:intent_map'], 'the map\'s own glob owns what it matches');
  });

  it('timestamped headings a hook appends: one entry per file and intent, no fingerprint taken for a content hash', async () => {
    const r = await open('map-timestamped-headings');
    ws = r.ws;
    const rows = r.service.intents.intentMap(r.ws.root);
    const view = (await rows).map((x) => `${x.file}|${x.owner}|${x.lastModifiedBy}|${x.hash}|${x.line}`);
    assert.deepStrictEqual(view, [
      '.orchestration/active_intents.yaml|INT-202|INT-202|null|7',
      'schemas/order.v2.json|INT-202|INT-202|null|11',
      '.orchestration/active_intents.yaml|INT-201|INT-201|null|15',
      'ingest/stage_dedupe.py|INT-201|INT-201|null|23',
    ]);
    assert.deepStrictEqual(r.intents.get('INT-201')!.fields.recent_history, ['PRE_HOOK write_to_file', 'POST_HOOK write_to_file OK']);
    assert.strictEqual(r.intents.get('INT-202')!.status, 'COMPLETED');
  });

  it('"Intent ID" first with several paths per cell (Ahmed-Hibet-style)', async () => {
    const r = await open('map-intent-id-first-table');
    ws = r.ws;
    assert.deepStrictEqual(mapped(r.intents.get('INT-301')), ['lib/session/**', 'lib/http/cookies.ts', 'lib/http/csrf.ts']);
    assert.deepStrictEqual(mapped(r.intents.get('INT-302')), ['api/search/**', 'api/search-*.ts']);
    const owners = (f: string) => r.service.intents.ownersOf(r.ws.root, f).map((o) => `${o.intent}:${o.via}`);
    assert.deepStrictEqual(owners('lib/http/csrf.ts'), ['INT-301:intent_map']);
    assert.deepStrictEqual(owners('api/search-v2.ts'), ['INT-302:intent_map']);
    assert.deepStrictEqual([r.intents.get('INT-301')!.status, r.intents.get('INT-302')!.status], ['ACTIVE', 'draft']);
  });

  it('"Owned Files" sub-sections with line-range notes (Kemrish-style)', async () => {
    const r = await open('map-owned-files-subsections');
    ws = r.ws;
    assert.deepStrictEqual(mapped(r.intents.get('INT-401')), ['gateway/limits/bucket.ts', 'gateway/limits/config.ts']);
    assert.deepStrictEqual(mapped(r.intents.get('INT-402')), ['reports/monthly.ts', 'reports/export_csv.ts']);
    assert.strictEqual(r.intents.get('INT-402')!.status, 'PLANNED');
  });

  it('rows appended with no header after a prose section (tedoaba-style)', async () => {
    const r = await open('map-headerless-rows');
    ws = r.ws;
    const one = r.intents.get('REQ-NOTIFY-001')!;
    assert.deepStrictEqual(mapped(one), ['notify.py', 'requirements.txt', 'notify/*_/_', 'tests/*_/_', 'notify/queue.py']);
    assert.deepStrictEqual(one.mapRows.find((x) => x.file === 'notify/queue.py')!.hashText, 'sha256:4be1c9a0...');
    assert.deepStrictEqual(mapped(r.intents.get('REQ-NOTIFY-002')), ['notify/templates/welcome.html', 'requirements.txt']);
  });

  it('an empty map and an empty registry are nothing', async () => {
    const r = await open('map-empty');
    ws = r.ws;
    assert.strictEqual(r.intents.size, 0);
    assert.deepStrictEqual(await r.service.intents.intentMap(r.ws.root), []);
  });

  it('fork schemas: aliases, constraint and spec shapes, other root keys, the selected intent', async () => {
    const r = await open('intents-fork-field-shapes');
    ws = r.ws;
    assert.deepStrictEqual([...r.intents.keys()], ['INT-501', 'INT-502', 'INT-503']);
    const a = r.intents.get('INT-501')!;
    assert.deepStrictEqual([a.title, a.status, a.ownedScope, a.constraints, a.acceptanceCriteria, a.relatedSpecs], [
      'Double-entry postings', 'in_progress', ['ledger/postings/**'], ['Never delete a posting; reverse it.'],
      ['Every transaction balances to zero'], ['Posting rules (path: docs/specs/postings.md)', 'docs/adr/0007-reversals.md']]);
    const b = r.intents.get('INT-502')!;
    assert.deepStrictEqual([b.selected, b.status, b.ownedScope, b.constraints], [true, '', ['/ledger/close/**', '/jobs/close_month.ts'],
      ['security: Only the close job may lock a period', 'performance: A close finishes within five minutes for 1M postings']]);
    assert.deepStrictEqual((b.fields.last_verification as Record<string, unknown>).ok, true, 'the fork\'s own fields are kept');
    const owners = (f: string) => r.service.intents.ownersOf(r.ws.root, f).map((o) => o.intent);
    assert.deepStrictEqual([owners('ledger/close/lock.ts'), owners('jobs/close_month.ts'), owners('ledger/postings/a.ts')],
      [['INT-502'], ['INT-502'], ['INT-501']]);
    const c = r.intents.get('INT-503')!;
    assert.deepStrictEqual([c.status, c.constraints], ['Blocked',
      ['max_files_changed: 3', 'no_new_dependencies: true', 'review: finance', 'review: platform']]);
    assert.deepStrictEqual([a.selected, c.selected], [false, false]);
  });

  it('a bare list with a numeric id, an exclusion and a folder given as one string', async () => {
    const r = await open('intents-bare-list');
    ws = r.ws;
    assert.deepStrictEqual([...r.intents.values()].map((i) => `${i.id}:${i.status}`), ['7:ACTIVE', 'INT-8:DRAFT']);
    const owners = (f: string) => r.service.intents.ownersOf(r.ws.root, f).map((o) => o.intent);
    assert.deepStrictEqual([owners('src/login/a.ts'), owners('src/login/legacy/b.ts'), owners('src/audit/log.ts')], [['7'], [], ['INT-8']]);
  });

  it('file names in another case are found', async () => {
    const r = await open('intents-file-name-case');
    ws = r.ws;
    assert.deepStrictEqual([...r.intents.keys()], ['INT-601']);
    assert.deepStrictEqual(r.service.intents.ownersOf(r.ws.root, 'tools/build.ts').map((o) => `${o.intent}:${o.via}`), ['INT-601:intent_map']);
  });
});
