import * as assert from 'node:assert/strict';
import path from 'node:path';
import { folderContext } from '../../../src/cli/open-service';
import { sourceContextOf, DEFAULT_SETTINGS } from '../../../src/core/settings/baton-settings';
import { serverOptions } from '../../../src/vscode/mcp/server-options';
import { parse, UsageError } from '../../../src/cli/args';
import { CONTEXT_OPTIONS, contextOverrides } from '../../../src/cli/context-options';
import { serverLaunch } from '../../../src/vscode/mcp/server-launch';

// How the editor starts `baton mcp`: the arguments, and the --home that makes the server read the sidebar's folders.

const HOME = path.resolve('/home/ada');
const A = path.resolve('/work/alpha');
const B = path.resolve('/work/beta');
/** A folder's context as the editor makes it from its settings (`~` = HOME). */
const editor = (folder: string, settings: Partial<typeof DEFAULT_SETTINGS> = {}) => sourceContextOf({ ...DEFAULT_SETTINGS, ...settings }, folder, HOME);

describe('MCP server: the options that make it read what the sidebar reads', () => {
  it('the default settings need no option', () => {
    assert.deepEqual(serverOptions([editor(A), editor(B)], HOME), { args: [], unseen: [] });
  });

  it('settings every folder shares are passed, and the CLI then reads the same folders and systems as the sidebar', () => {
    const settings = { ultraworkSessionsRoot: '/data/sessions', orangeRoot: '~/work/orange/', orcHome: '${workspaceFolder}/../.orc',
      systems: { ...DEFAULT_SETTINGS.systems, ultrawork: false }, traceTail: 50 };
    const contexts = [editor(A, settings), editor(path.join(path.dirname(A), 'gamma'), settings)];
    const { args, unseen } = serverOptions(contexts, HOME);
    assert.deepEqual(unseen, []);
    assert.deepEqual(args, ['--orc-home', path.resolve('/work/.orc'), '--ultrawork-sessions', path.resolve('/data/sessions'),
      '--orange-root', path.join(HOME, 'work/orange'), '--systems', 'orc,orchestral,intents,orange', '--trace-tail', '50']);
    // Held to the CLI itself: what the options make it read is what the editor reads.
    const values = parse(args, { ...CONTEXT_OPTIONS }).values;
    const cli = { ...folderContext(A, undefined), ...contextOverrides(values) };
    assert.deepEqual(cli, contexts[0]);
  });

  it('the CLI\'s defaults are the real home\'s places: a setting at the default is not passed', () => {
    const cli = folderContext(A, HOME);
    const atDefault = editor(A, { ultraworkSessionsRoot: cli.ultraworkSessions!, orangeRoot: cli.orangeRoot!, orcHome: cli.orcHome! });
    assert.deepEqual(serverOptions([atDefault], HOME), { args: [], unseen: [] });
  });

  it('a setting the folders disagree on is named with each folder\'s value, and not passed', () => {
    const ws = (f: string) => editor(f, { orangeRoot: '${workspaceFolder}/.home/orange', systems: { ...DEFAULT_SETTINGS.systems, orc: f === A } });
    const { args, unseen } = serverOptions([ws(A), ws(B)], HOME);
    assert.deepEqual(args, []);
    assert.deepEqual(unseen, [
      `baton.orange.root (alpha: ${path.join(A, '.home/orange')}; beta: ${path.join(B, '.home/orange')})`,
      'baton.systems (alpha: orc,orchestral,ultrawork,intents,orange; beta: orchestral,ultrawork,intents,orange)',
    ]);
  });

  it('every system off is passed as an empty list, which the CLI reads as none', () => {
    const none = Object.fromEntries(Object.keys(DEFAULT_SETTINGS.systems).map((s) => [s, false])) as typeof DEFAULT_SETTINGS.systems;
    const { args } = serverOptions([editor(A, { systems: none })], HOME);
    assert.deepEqual(args, ['--systems', '']);
    assert.deepEqual(contextOverrides(parse(args, { ...CONTEXT_OPTIONS }).values).systems, []);
  });
});

describe('baton mcp: the folder-setting options', () => {
  it('refuses an unknown system, a trace tail out of bounds and an empty folder, saying what is allowed', () => {
    assert.throws(() => contextOverrides({ systems: 'orc,jira' }), (e: Error) => e instanceof UsageError && /"jira" is not one of orc, orchestral/.test(e.message));
    assert.throws(() => contextOverrides({ 'trace-tail': '0' }), /whole number from/);
    assert.throws(() => contextOverrides({ 'trace-tail': '12abc' }), /whole number from/);
    assert.throws(() => contextOverrides({ 'orc-home': ' ' }), /needs a folder/);
  });
});

describe('MCP server: the command line', () => {
  const ext = path.resolve('/ext/baton-dev.baton-0.1.0');
  it('runs the bundled CLI with the editor\'s Node on every folder, in order, from the first', () => {
    assert.deepEqual(serverLaunch({ extensionPath: ext, folders: [A, B], execPath: '/opt/node', electron: false }),
      { command: '/opt/node', args: [path.join(ext, 'dist', 'cli.js'), 'mcp', '--', A, B], env: {}, cwd: A });
  });
  it('under Electron the editor\'s binary runs as Node; options before `--`, so a folder named like an option stays a folder', () => {
    const odd = path.resolve('/work/--systems');
    const launch = serverLaunch({ extensionPath: ext, folders: [odd], options: ['--orange-root', '/data/orange'], execPath: '/opt/Code Helper', electron: true });
    assert.deepEqual(launch.env, { ELECTRON_RUN_AS_NODE: '1' });
    assert.deepEqual(launch.args.slice(1), ['mcp', '--orange-root', '/data/orange', '--', odd]);
    assert.deepEqual(parse(launch.args.slice(2), { ...CONTEXT_OPTIONS }).positionals, [odd]);
  });
  it('refuses to build a launch without a folder', () => {
    assert.throws(() => serverLaunch({ extensionPath: ext, folders: [], execPath: '/opt/node', electron: false }), /needs a folder/);
  });
});
