// Loaded by mocha before every unit test file (.mocharc.json `require`): the CLIs the tests spawn inherit this
// environment, so their index cache goes to a folder of the test run, never to the user's ~/.cache/baton.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const cache = mkdtempSync(path.join(os.tmpdir(), 'baton-unit-cache-'));
process.env.XDG_CACHE_HOME = cache;
process.on('exit', () => rmSync(cache, { recursive: true, force: true }));
