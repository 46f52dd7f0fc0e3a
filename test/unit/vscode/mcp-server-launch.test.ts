import * as assert from 'node:assert/strict';
import path from 'node:path';
import { folderContext } from '../../../src/cli/open-service';
import { sourceContextOf, DEFAULT_SETTINGS } from '../../../src/core/settings/baton-settings';
import { serverHome } from '../../../src/vscode/mcp/server-home';
import { serverLaunch } from '../../../src/vscode/mcp/server-launch';

// How the editor starts `baton mcp`: the arguments, and the --home that makes the server read the sidebar's folders.

const HOME = path.resolve('/home/ada');
const A = path.resolve('/work/alpha');
const B = path.resolve('/work/beta');
/** A folder's context as the editor makes it from its settings (`~` = HOME). */
const editor = (folder: string, settings: Partial<typeof DEFAULT_SETTINGS> = {}) => sourceContextOf({ ...DEFAULT_SETTINGS, ...settings }, folder, HOME);

describe('MCP server: --home for the sidebar\'s home folders', () => {
  it('the default settings need no --home', () => {
    assert.deepEqual(serverHome([editor(A), editor(B)], HOME), { unseen: [] });
  });

  it('the CLI\'s layout under another home gives that home, and the CLI then reads the same folders as the sidebar', () => {
    const other = path.resolve('/data/home');
    const settings = { ultraworkSessionsRoot: `${other}/.claude/ultrawork/sessions`, orangeRoot: `${other}/orange/`, orcHome: `${other}/.orc` };
    const contexts = [editor(A, settings), editor(B, settings)];
    const { home, unseen } = serverHome(contexts, HOME);
    assert.equal(home, other);
    assert.deepEqual(unseen, []);
    // Held to the CLI itself: what `--home` makes it read is what the editor reads.
    const cli = folderContext(A, home);
    assert.deepEqual([cli.ultraworkSessions, cli.orangeRoot, cli.orcHome], [contexts[0]!.ultraworkSessions, contexts[0]!.orangeRoot, contexts[0]!.orcHome]);
  });

  it('roots that no one home explains are named with their setting, and no --home is passed', () => {
    const ws = (f: string) => editor(f, { ultraworkSessionsRoot: '${workspaceFolder}/.home/.claude/ultrawork/sessions', orangeRoot: '${workspaceFolder}/.home/orange' });
    const { home, unseen } = serverHome([ws(A), ws(B)], HOME);
    assert.equal(home, undefined);
    assert.deepEqual(unseen, [`baton.ultrawork.sessionsRoot (${A}/.home/.claude/ultrawork/sessions)`, `baton.orange.root (${A}/.home/orange)`,
      `baton.ultrawork.sessionsRoot (${B}/.home/.claude/ultrawork/sessions)`, `baton.orange.root (${B}/.home/orange)`].map(path.normalize));
    // One moved folder alone (orange elsewhere, the rest at home): the other two still match the real home, only it is named.
    assert.deepEqual(serverHome([editor(A, { orangeRoot: '/srv/orange' })], HOME), { unseen: [`baton.orange.root (${path.resolve('/srv/orange')})`] });
  });

  it('two folders whose settings point at two different homes: neither is passed', () => {
    const under = (h: string) => ({ ultraworkSessionsRoot: `${h}/.claude/ultrawork/sessions`, orangeRoot: `${h}/orange`, orcHome: `${h}/.orc` });
    const { home, unseen } = serverHome([editor(A, under('/h1')), editor(B, under('/h2'))], HOME);
    assert.equal(home, undefined);
    assert.equal(unseen.length, 6);
  });
});

describe('MCP server: the command line', () => {
  const ext = path.resolve('/ext/baton-dev.baton-0.1.0');
  it('runs the bundled CLI with the editor\'s Node on every folder, in order, from the first', () => {
    assert.deepEqual(serverLaunch({ extensionPath: ext, folders: [A, B], execPath: '/opt/node', electron: false }),
      { command: '/opt/node', args: [path.join(ext, 'dist', 'cli.js'), 'mcp', A, B], env: {}, cwd: A });
  });
  it('under Electron the editor\'s binary runs as Node; --home only when given', () => {
    const launch = serverLaunch({ extensionPath: ext, folders: [A], home: '/data/home', execPath: '/opt/Code Helper', electron: true });
    assert.deepEqual(launch.env, { ELECTRON_RUN_AS_NODE: '1' });
    assert.deepEqual(launch.args.slice(1), ['mcp', A, '--home', '/data/home']);
  });
  it('refuses to build a launch without a folder', () => {
    assert.throws(() => serverLaunch({ extensionPath: ext, folders: [], execPath: '/opt/node', electron: false }), /needs a folder/);
  });
});
