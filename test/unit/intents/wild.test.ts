import * as assert from 'node:assert';
import type { Intent } from '../../../src/core/formats/intents/model';
import type { TempWorkspace } from '../helpers/temp-workspace';
import { INTENT_FIXTURES, openWild as open } from './wild-fixtures';

/*
 * The intents fixtures of test/fixtures/wild/intents/ (map-*, intents-*): each reproduces a shape real forks write
 * (its ABOUT.md says which). Read through the real service in a temp copy; the facts asserted are what the fork's
 * own reader, or a person reading the file, would take from it.
 */

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
    assert.deepStrictEqual(mapped(a), ['svc/billing/**', 'svc/billing/invoice.ts', 'svc/billing/tax/rates.ts', 'lib/money/round.ts']);
    assert.deepStrictEqual(r.service.intents.ownersOf(r.ws.root, 'lib/money/round.ts').map((o) => `${o.intent}:${o.via}`), ['INT-101:intent_map']);
    assert.deepStrictEqual(mapped(b), ['svc/render/**', 'svc/render/worker.ts', 'svc/render/queue.ts']);
    assert.deepStrictEqual(r.service.intents.ownersOf(r.ws.root, 'svc/render/queue.ts').map((o) => `${o.intent}:${o.via}`),
      ['billing-day3:owned_scope', 'billing-day3:intent_map']);
    assert.deepStrictEqual(r.service.intents.ownersOf(r.ws.root, 'svc/billing/refunds.ts').map((o) => `${o.intent}:${o.via}`),
      ['INT-101:owned_scope', 'INT-101:intent_map'], 'the map\'s own glob owns what it matches');
  });

  it('owned_scope globs with braces stay whole; a scope string still splits at the commas between its patterns', async () => {
    const r = await open('intents-scope-brace-globs');
    ws = r.ws;
    assert.deepStrictEqual(r.intents.get('INT-001')!.ownedScope, ['web/**/*.{ts,tsx}', 'web/public/icons/*.{svg,png}']);
    assert.deepStrictEqual(r.intents.get('INT-002')!.ownedScope, ['src/{api,services}/weather/**', 'docs/weather.md']);
    const owners = (f: string) => r.service.intents.ownersOf(r.ws.root, f).map((o) => `${o.intent}:${o.via}`);
    assert.deepStrictEqual([owners('web/app/page.tsx'), owners('web/lib/fetch.ts'), owners('web/app/page.css'), owners('web/public/icons/sun.svg')],
      [['INT-001:owned_scope'], ['INT-001:owned_scope'], [], ['INT-001:owned_scope']]);
    assert.deepStrictEqual([owners('src/api/weather/a.ts'), owners('src/services/weather/b.ts'), owners('docs/weather.md')],
      [['INT-002:owned_scope'], ['INT-002:owned_scope'], ['INT-002:owned_scope']]);
  });

  it('map paths with spaces are whole, folder rows map their files, a cell of code spans and plain paths gives all of them', async () => {
    const r = await open('map-paths-with-spaces-and-folders');
    ws = r.ws;
    assert.deepStrictEqual(mapped(r.intents.get('INT-003')), ['docs/Meeting Notes.md', 'docs/Design Review.md']);
    assert.deepStrictEqual(mapped(r.intents.get('INT-004')), ['svc/weather', 'tests/weather']);
    assert.deepStrictEqual(mapped(r.intents.get('INT-005')), ['wx/**', 'wx/api.ts', 'lib/fmt.ts', 'lib/units.ts']);
    const owners = (f: string) => r.service.intents.ownersOf(r.ws.root, f).map((o) => `${o.intent}:${o.via}`);
    assert.deepStrictEqual([owners('docs/Meeting Notes.md'), owners('docs/Meeting'), owners('svc/weather/client.ts'), owners('svc/weatherman.ts'), owners('lib/units.ts')],
      [['INT-003:intent_map'], [], ['INT-004:intent_map'], [], ['INT-005:intent_map']]);
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

  it('one bullet per intent with no headings (family F)', async () => {
    const r = await open('map-bullets-without-headings');
    ws = r.ws;
    const m = (id: string) => mapped(r.intents.get(id));
    assert.deepStrictEqual([m('INT-701'), m('INT-702'), m('INT-703'), m('INT-704'), m('CHI-705')], [
      ['shop/cart/total.ts', 'shop/cart/tax.ts', 'shop/cart/rounding.ts'], ['shop/coupons/**'],
      ['shop/hooks/**', 'shop/hooks/registry.ts'], ['shop/receipts/pdf.ts', 'shop/receipts/mail.ts'],
      ['shop/shipping/rates.ts', 'shop/shipping/zones.ts']]);
  });

  it('plain lines that start with an id, and an id line before a Files list (family G)', async () => {
    const r = await open('map-plain-lines');
    ws = r.ws;
    assert.deepStrictEqual([mapped(r.intents.get('INT-801')), mapped(r.intents.get('INT-802')), mapped(r.intents.get('INT-803'))],
      [['hooks/pre_write.ts'], ['auth/**', 'auth/tokens.ts'], ['widgets/weather/card.tsx', 'widgets/weather/api.ts']]);
  });

  it('a table under each intent heading; truncated hashes compared as prefixes (family B)', async () => {
    const r = await open('map-per-intent-tables');
    ws = r.ws;
    assert.deepStrictEqual(mapped(r.intents.get('INT-901')), ['media/upload/**', 'media/upload/chunked.ts', 'media/upload/limits.ts']);
    assert.deepStrictEqual(mapped(r.intents.get('INT-902')), ['media/thumbs/resize.ts', 'media/thumbs/cache']);
    r.ws.write('media/upload/chunked.ts', 'export const chunk = 1;\n');
    const rows = await r.service.intents.intentMap(r.ws.root);
    const chunked = rows.find((x) => x.file === 'media/upload/chunked.ts')!;
    assert.deepStrictEqual([chunked.hash, chunked.drift], ['sha256:3f9a1c0e55b2d7a8e4c6…', 'drifted']);
    assert.deepStrictEqual(rows.find((x) => x.file === 'media/upload/**')!.drift, 'pattern');
  });

  it('the long tail of headings and bullets; comments, code blocks and relationship sentences map nothing', async () => {
    const r = await open('map-heading-variants');
    ws = r.ws;
    const m = (id: string) => mapped(r.intents.get(id));
    assert.deepStrictEqual([m('INT-1001'), m('auth-fix-002'), m('refactor-mailer'), m('INT-1004'), m('INT-1005'), m('INT-1006')], [
      ['account/reset/token.ts', 'account/reset/mail.ts', 'account/reset/**'], ['account/session.ts'],
      ['mail/transport.ts', 'mail/templates/**'], ['profile/page.tsx'], ['profile/avatar/upload.ts'], ['account/delete/confirm.ts']]);
    const owners = (await r.service.intents.intentMap(r.ws.root)).map((x) => x.owner);
    assert.ok(!owners.includes('INT-0000') && !owners.includes('INT-9999'), 'nothing from a comment or a code block');
  });

  it('what post-write hooks append: timelines, timestamp-first headings, repeated table rows, header-less rows', async () => {
    const r = await open('map-hook-timelines');
    ws = r.ws;
    const rows = await r.service.intents.intentMap(r.ws.root);
    assert.deepStrictEqual(rows.map((x) => `${x.owner}:${x.file}:${x.lastModifiedBy}:${x.hash}`), [
      'INTENT-001:search/indexer.ts:INTENT-001:null', 'INTENT-001:search/query.ts:INTENT-001:null',
      'INTENT-002:hello.js:INTENT-002:null', 'INTENT-002:index.html:INTENT-002:null', 'INTENT-002:styles.css:INTENT-002:null']);
  });

  it('spec-kit tasks mapped in a Task column and a File | Intent lookup', async () => {
    const r = await open('map-task-column');
    ws = r.ws;
    assert.deepStrictEqual([mapped(r.intents.get('T001')), mapped(r.intents.get('T002'))],
      [['library/models/book.py'], ['library/api/loans.py', 'tests/test_loans.py']]);
  });

  it('a registry inside a wrapper map with its scope, name and constraints in metadata', async () => {
    const r = await open('intents-ledger-wrapper');
    ws = r.ws;
    const a = r.intents.get('INT-1101')!;
    const b = r.intents.get('INT-1102')!;
    assert.deepStrictEqual([a.title, a.status, a.constraints, a.selected], ['Export orders as CSV', 'inactive', ['Stream rows; never load all orders'], false]);
    assert.deepStrictEqual([b.title, b.status, b.selected], ['Fix the VAT rounding', 'active', true]);
    const owners = (f: string) => r.service.intents.ownersOf(r.ws.root, f).map((o) => o.intent);
    assert.deepStrictEqual([owners('orders/csv/a.ts'), owners('orders/csv/legacy/b.ts'), owners('orders/vat.ts')], [['INT-1101'], [], ['INT-1102']]);
  });

  it('status words, id keys and scope forms of many forks', async () => {
    const r = await open('intents-status-and-scope-words');
    ws = r.ws;
    assert.deepStrictEqual([...r.intents.values()].map((i) => `${i.id}|${i.title}|${i.status}`), [
      'INT-1201|Upload size limits|in-progress',
      'INT-1202|Let admins see every upload, newest first, with the uploader\'s name.|pending',
      'INT-1203|Bypass for maintenance|NOT_STARTED', 'INT-1204|Old importer|CANCELLED', 'INT-1205|Keep the lockfile tidy|']);
    assert.deepStrictEqual(r.intents.get('INT-1201')!.constraints, ['Limits come from config, never constants', '413 carries a JSON body']);
    const owners = (f: string) => r.service.intents.ownersOf(r.ws.root, f).map((o) => o.intent);
    assert.deepStrictEqual(owners('uploads/a.ts'), ['INT-1201', 'INT-1203']);
    assert.deepStrictEqual(owners('web/a.upload.test.ts'), ['INT-1202', 'INT-1203']);
    assert.deepStrictEqual(owners('importer/x.ts'), ['INT-1203', 'INT-1204']);
    assert.deepStrictEqual(owners('tsconfig.build.json'), ['INT-1203', 'INT-1205']);
    assert.deepStrictEqual(owners('Dockerfile'), ['INT-1203', 'INT-1205']);
  });
});
