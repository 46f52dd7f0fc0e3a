import * as assert from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIXTURES, REPO, TempWorkspace } from '../helpers/temp-workspace';
import { CLI } from './mcp-session';

describe('baton mcp: the process', function () {
  let ws: TempWorkspace;
  let cache: string;
  before(() => { ws = new TempWorkspace({}, path.join(FIXTURES, 'workspace')); cache = mkdtempSync(path.join(os.tmpdir(), 'baton-mcp-cache-')); });
  after(() => { ws?.dispose(); rmSync(cache, { recursive: true, force: true }); });

  it('writes only the protocol on stdout, and exits 0 when stdin closes', async () => {
    const child = spawn(process.execPath, [CLI, 'mcp', ws.root, '--home', ws.path('.home')],
      { env: { ...process.env, XDG_CACHE_HOME: cache }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => { stdout += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const send = (m: object) => child.stdin.write(`${JSON.stringify(m)}\n`);
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'baton_status', arguments: {} } });
    // Waits for both answers, then closes stdin: the server must end by itself (watchers and timers closed).
    const until = Date.now() + 60_000;
    while (!stdout.includes('"id":2') && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    child.stdin.end();
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const code = await exited;
    clearTimeout(timer);
    assert.strictEqual(code, 0, stderr);
    const lines = stdout.split('\n').filter(Boolean);
    assert.strictEqual(lines.length, 2);
    for (const line of lines) assert.strictEqual(JSON.parse(line).jsonrpc, '2.0');
    assert.match(stderr, /serving .* over MCP on stdio/);
  });

  it('is listed by --help; the SDK is a bundle of its own that scan and --help never load', () => {
    const help = spawnSync(process.execPath, [CLI, '--help'], { encoding: 'utf8' });
    assert.match(help.stdout, /baton mcp \[DIR…\] \[--home HOME\]/);
    const main = readFileSync(path.join(REPO, 'dist', 'cli-main.js'), 'utf8');
    const sdk = readFileSync(path.join(REPO, 'dist', 'mcp-sdk.js'), 'utf8');
    const sdkOnly = 'Cannot register capabilities after connecting to transport';
    assert.ok(sdk.includes(sdkOnly));
    assert.ok(!main.includes(sdkOnly), 'the CLI bundle does not carry the SDK');
    assert.match(main, /require\("\.\/mcp-sdk\.js"\)/);
  });

  it('refuses a DIR that is not a folder with the usage (exit 2)', () => {
    const r = spawnSync(process.execPath, [CLI, 'mcp', ws.path('no-such-folder')], { encoding: 'utf8', input: '', env: { ...process.env, XDG_CACHE_HOME: cache } });
    assert.strictEqual(r.status, 2);
    assert.strictEqual(r.stdout, '');
    assert.match(r.stderr, /not a folder/);
  });
});
