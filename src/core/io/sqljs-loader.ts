import { promises as fs, existsSync } from 'node:fs';
import path from 'node:path';
import type { SqlJsStatic } from 'sql.js';

let wasmPathOverride: string | undefined;
/** Where sql-wasm.wasm is, when neither next to the bundle nor in node_modules (tests, other hosts). */
export function setSqlWasmPath(file: string): void {
  wasmPathOverride = file;
}

/**
 * The WebAssembly build of SQLite: no native module, so it loads in VS Code's Electron, in code-server and in plain
 * Node alike. The wasm file ships next to the bundles (scripts/build.mjs copies it to dist/); in the sources it is
 * found in node_modules. Loaded once, on first use: activation never pays for it.
 */
let sql: Promise<SqlJsStatic> | undefined;
export function loadSqlJs(): Promise<SqlJsStatic> {
  sql ??= (async () => {
    const candidates = [wasmPathOverride, path.join(__dirname, 'sql-wasm.wasm'), fromNodeModules()].filter((f): f is string => !!f);
    const wasm = candidates.find((f) => existsSync(f));
    if (!wasm) throw new Error(`sql-wasm.wasm not found (looked in ${candidates.join(', ')})`);
    const bytes = await fs.readFile(wasm);
    const init = (await import('sql.js')).default;
    return init({ wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer });
  })();
  sql.catch(() => { sql = undefined; });
  return sql;
}

function fromNodeModules(): string | undefined {
  try {
    return require.resolve('sql.js/dist/sql-wasm.wasm');
  } catch {
    return undefined;
  }
}
