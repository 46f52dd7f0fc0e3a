import * as assert from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_SETTINGS, expandFolderSetting, parseBatonSettings, sourceContextOf } from '../../../src/core/settings/baton-settings';
import { systemsOffEverywhere } from '../../../src/core/model/source-context';
import { REPO } from '../helpers/temp-workspace';

interface Declared { default?: unknown; minimum?: number; maximum?: number; properties?: Record<string, unknown> }
const declared = (JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as
  { contributes: { configuration: { properties: Record<string, Declared> } } }).contributes.configuration.properties;

/** The settings as VS Code gives them: each declared default unless `values` sets the key. */
const withDefaults = (values: Record<string, unknown> = {}) => (key: string) =>
  `baton.${key}` in values ? values[`baton.${key}`] : declared[`baton.${key}`]?.default;

describe('settings: parseBatonSettings', () => {
  it('package.json declares every setting the accessor reads, with the same defaults and a description', () => {
    const { settings, problems } = parseBatonSettings(withDefaults());
    assert.deepStrictEqual(problems, []);
    assert.deepStrictEqual(settings, DEFAULT_SETTINGS);
    const read = new Set<string>();
    parseBatonSettings((key) => { read.add(`baton.${key}`); return undefined; });
    assert.deepStrictEqual([...read].sort(), Object.keys(declared).sort());
    for (const [key, value] of Object.entries(declared)) {
      const text = (value as { markdownDescription?: string }).markdownDescription ?? '';
      assert.ok(text.length > 40, `${key} has a description`);
      assert.ok(!/after a reload/.test(text), `${key} says nothing of a reload`);
    }
    assert.deepStrictEqual([declared['baton.intents.traceTail']!.minimum, declared['baton.intents.traceTail']!.maximum], [1, 10000]);
  });

  it('a value of the wrong type gives its default and is named, never thrown', () => {
    const { settings, problems } = parseBatonSettings(withDefaults({
      'baton.systems': 'orc',
      'baton.intents.traceTail': '50',
      'baton.codeLens.enabled': 'no',
      'baton.scopeGuard.enabled': 0,
      'baton.intents.recordScopeViolations': 'yes',
      'baton.ultrawork.sessionsRoot': 42,
      'baton.orange.root': ['~/orange'],
      'baton.claude.path': false,
      'baton.claude.timeoutSeconds': -3,
      'baton.testCommand': 'npm test',
      'baton.mcp.enabled': 'on',
    }));
    assert.deepStrictEqual(settings, DEFAULT_SETTINGS);
    assert.deepStrictEqual(problems.map((p) => p.key), ['baton.systems', 'baton.intents.traceTail', 'baton.claude.path',
      'baton.claude.timeoutSeconds', 'baton.testCommand', 'baton.ultrawork.sessionsRoot', 'baton.orange.root', 'baton.codeLens.enabled',
      'baton.scopeGuard.enabled', 'baton.intents.recordScopeViolations', 'baton.mcp.enabled']);
    assert.match(problems[1]!.message, /"50" is not a number; using 200/);
    assert.match(problems[8]!.message, /is not a list of strings|is not true or false/);
  });

  it('reads baton.refs as a list of non-empty patterns (others named and left out) and baton.worktrees.enabled as a boolean', () => {
    const { settings, problems } = parseBatonSettings(withDefaults({ 'baton.refs': [' origin/* ', '', 7, 'feature/*', 'origin/*'], 'baton.worktrees.enabled': false }));
    assert.deepStrictEqual(settings.refs, ['origin/*', 'feature/*']);
    assert.strictEqual(settings.worktreesEnabled, false);
    assert.deepStrictEqual(problems.map((p) => p.message), ['"" is not a ref pattern (a non-empty string such as "origin/*"); ignored',
      '7 is not a ref pattern (a non-empty string such as "origin/*"); ignored']);
    const wrong = parseBatonSettings(withDefaults({ 'baton.refs': 'origin/*', 'baton.worktrees.enabled': 'yes' }));
    assert.deepStrictEqual([wrong.settings.refs, wrong.settings.worktreesEnabled], [[], true]);
    assert.deepStrictEqual(wrong.problems.map((p) => p.key), ['baton.refs', 'baton.worktrees.enabled']);
  });

  it('reads systems one by one: unknown names and non-booleans are named, the rest applies', () => {
    const { settings, problems } = parseBatonSettings(withDefaults({ 'baton.systems': { orc: false, orange: 'off', dure: false } }));
    assert.deepStrictEqual(settings.systems, { orc: false, orchestral: true, ultrawork: true, intents: true, orange: true });
    assert.deepStrictEqual(problems.map((p) => p.message), ['orange: "off" is not true or false; reading orange',
      '"dure" is not a system Baton reads (orc, orchestral, ultrawork, intents, orange); ignored']);
  });

  it('keeps the trace tail within 1 to 10,000', () => {
    const tail = (value: unknown) => parseBatonSettings(withDefaults({ 'baton.intents.traceTail': value }));
    assert.deepStrictEqual([tail(50).settings.traceTail, tail(50).problems], [50, []]);
    assert.strictEqual(tail(0).settings.traceTail, 1);
    assert.strictEqual(tail(1e9).settings.traceTail, 10_000);
    assert.strictEqual(tail(12.6).settings.traceTail, 13);
    assert.match(tail(1e9).problems[0]!.message, /not a whole number from 1 to 10000; using 10000/);
    assert.strictEqual(tail(null).settings.traceTail, 200);
  });

  it('passes on only the executor values a person set', () => {
    const { settings } = parseBatonSettings(withDefaults({ 'baton.claude.path': ' /opt/claude ', 'baton.claude.model': '  ',
      'baton.claude.timeoutSeconds': 90, 'baton.testCommand': ['npm', 'test'] }));
    assert.deepStrictEqual(settings.claude, { path: '/opt/claude', timeoutSeconds: 90 });
    assert.deepStrictEqual(settings.testCommand, ['npm', 'test']);
    assert.strictEqual(parseBatonSettings(withDefaults({ 'baton.testCommand': [] })).settings.testCommand, undefined);
  });

  it('baton.orc.path: a name on PATH or an absolute path; a relative path is named and ignored', () => {
    const orc = (value: unknown) => parseBatonSettings(withDefaults({ 'baton.orc.path': value }));
    assert.deepEqual(orc(' orc-dev ').settings.orc, { path: 'orc-dev' });
    assert.deepEqual(orc('/usr/local/bin/orc').settings.orc, { path: '/usr/local/bin/orc' });
    assert.deepEqual(orc('~/go/bin/orc').settings.orc, { path: '~/go/bin/orc' });
    assert.deepEqual(orc('').settings.orc, {});
    const relative = orc('./bin/orc');
    assert.deepEqual(relative.settings.orc, {});
    assert.deepEqual(relative.problems, [{ key: 'baton.orc.path', message: '"./bin/orc" is neither a name on PATH nor an absolute path; looking for orc on PATH' }]);
    assert.deepEqual(orc(42).problems.map((p) => p.key), ['baton.orc.path']);
    const pkg = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } } };
    assert.ok(pkg.capabilities.untrustedWorkspaces.restrictedConfigurations.includes('baton.orc.path'));
    assert.equal((declared['baton.orc.path'] as { scope?: string }).scope, 'machine', 'a workspace cannot choose the program');
  });

  it('records no SCOPE_VIOLATION in the trace unless asked (the trace is usually tracked in git), never from an untrusted workspace', () => {
    assert.strictEqual(parseBatonSettings(withDefaults()).settings.recordScopeViolations, false);
    assert.strictEqual(parseBatonSettings(withDefaults({ 'baton.intents.recordScopeViolations': true })).settings.recordScopeViolations, true);
    const pkg = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } } };
    assert.ok(pkg.capabilities.untrustedWorkspaces.restrictedConfigurations.includes('baton.intents.recordScopeViolations'));
  });

  it('turns settings into a folder\'s source context: `~` and ${workspaceFolder} expanded, systems listed', () => {
    const root = path.resolve('/work/project');
    const home = path.resolve('/home/me');
    const { settings } = parseBatonSettings(withDefaults({ 'baton.systems': { ultrawork: false },
      'baton.orange.root': '${workspaceFolder}/.home/orange', 'baton.intents.traceTail': 20 }));
    assert.deepStrictEqual(sourceContextOf(settings, root, home), {
      root, ultraworkSessions: path.join(home, '.claude/ultrawork/sessions'), orangeRoot: path.join(root, '.home/orange'),
      orcHome: path.join(home, '.orc'), systems: ['orc', 'orchestral', 'intents', 'orange'], traceTail: 20,
    });
    assert.strictEqual(expandFolderSetting('state', root, home), path.join(root, 'state'), 'relative to the folder');
    assert.strictEqual(expandFolderSetting('~user/x', root, home), path.join(root, '~user/x'), 'only a bare ~ is home');
  });

  it('names the systems turned off in every folder (what the empty views explain), none with no folder open', () => {
    const off = (systems?: string[]) => ({ root: '/w', ...(systems ? { systems: systems as never } : {}) });
    assert.deepStrictEqual(systemsOffEverywhere([]), []);
    assert.deepStrictEqual(systemsOffEverywhere([off()]), []);
    assert.deepStrictEqual(systemsOffEverywhere([off(['orc', 'intents', 'orange'])]), ['orchestral', 'ultrawork']);
    // on in one folder is on: its view has rows to show
    assert.deepStrictEqual(systemsOffEverywhere([off(['orc']), off(['orc', 'ultrawork'])]), ['orchestral', 'intents', 'orange']);
  });
});
