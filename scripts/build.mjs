// Bundles the extension, the CLI and the webview front ends with esbuild, and transpiles the sources and
// tests (one file each, no bundling) into out/ for mocha and the extension-host tests.
// Type checking is `tsc --noEmit` (see the build script in package.json): esbuild only strips types.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { generateJsonSchemas } from './gen-json-schemas.mjs';
import { generateDemoDatabases, isGeneratedDemoFile } from './demo-databases.mjs';

const root = path.resolve(import.meta.dirname, '..');
const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');
// --sourcemap: maps for the production bundles too, so a CPU profile of them names the source (for profiling only).
const sourcemap = !production || process.argv.includes('--sourcemap');

function filesUnder(dir, accept) {
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return [];
  return fs.readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && accept(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((f) => !f.includes(`${path.sep}fixtures${path.sep}`));
}

/**
 * zod's `z` namespace re-exports every locale (`z.locales`), so a bundle carries ~40 languages of error messages
 * it never uses (Baton writes its own messages; zod's default English one is loaded by zod itself, not from here).
 * Bundles resolve that index to an empty module: about 150 KB less in each bundle.
 */
const zodWithoutLocales = {
  name: 'zod-without-locales',
  setup(build) {
    build.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${path.sep}node_modules${path.sep}zod${path.sep}`) ? { path: 'zod-locales', namespace: 'baton-empty' } : undefined);
    build.onLoad({ filter: /.*/, namespace: 'baton-empty' }, () => ({ contents: 'export {};', loader: 'js' }));
  },
};

/**
 * zod turns schemas into JSON Schema (`toJSONSchema`, each schema's processor) — the CLI's MCP server needs that for
 * its tools; the extension never does (it starts that server as the CLI). In the extension bundle those two modules
 * are stand-ins with the same exports that throw if ever called: about 18 KB less (issue 18: extension ≤ 1 MB).
 */
const zodJsonSchemaModules = /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;
const withoutZodJsonSchema = {
  name: 'without-zod-json-schema',
  setup(build) {
    build.onLoad({ filter: zodJsonSchemaModules }, async (args) => {
      const real = await fs.promises.readFile(args.path, 'utf8');
      const names = [...real.matchAll(/^export (?:const|function) (\w+)/gm)].map((m) => m[1]);
      const refuse = `() => { throw new Error('JSON Schema generation is not part of the extension bundle (${path.basename(args.path)})'); }`;
      // createToJSONSchemaMethod and its sibling make a method when a schema is asked for `~standard`: still a function.
      const make = (n) => n.startsWith('create') ? `export const ${n} = () => ${refuse};` : `export const ${n} = ${refuse};`;
      return { contents: [...names.map(make), real.includes('processSchema as process') ? 'export { processSchema as process };' : ''].join('\n'), loader: 'js' };
    });
  },
};

/**
 * Libraries only some commands need, kept out of the extension and CLI bundles: each is bundled into a file of its own
 * beside them (dist/<name>.js) and loaded by the code that needs it with `await import(…)` on first use, so activation
 * and `baton scan` never load it. simple-git: only running a phase (the executor) uses git. sql.js (SQLite as
 * WebAssembly, 43 KB of glue): only an orc database-era project or orc.db comments use it. markdown-it (with entities,
 * linkify-it, uc.micro: about 90 KB): only a Markdown body the plain readers decline and a page showing Markdown use it,
 * required synchronously on first use (src/core/util/markdown-it.ts).
 */
const onDemand = ['simple-git', 'sql.js', 'markdown-it'];
/**
 * Baton's own modules loaded the same way (source → its file in dist/): the demo's database builder, for "Open the Demo";
 * the MCP SDK's parts the server uses, for `baton mcp` only.
 */
const onDemandSources = { 'src/core/onboarding/demo-orc-db.ts': 'demo-db', 'src/mcp/mcp-sdk.ts': 'mcp-sdk' };
const onDemandSourceNames = new RegExp(`(${Object.keys(onDemandSources).map((s) => path.basename(s, '.ts')).join('|')})(\\.js)?$`);
const onDemandFiles = {
  name: 'on-demand-libraries',
  setup(build) {
    const names = new RegExp(`^(${onDemand.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);
    build.onResolve({ filter: names }, (args) => ({ path: `./${args.path}.js`, external: true }));
    build.onResolve({ filter: onDemandSourceNames }, (args) => {
      const source = path.relative(root, path.resolve(args.resolveDir, `${args.path.replace(/\.js$/, '')}.ts`)).split(path.sep).join('/');
      const name = onDemandSources[source];
      // Only from other modules: the module's own bundle (its entry point) is built from it.
      return name && args.kind !== 'entry-point' ? { path: `./${name}.js`, external: true } : undefined;
    });
  },
};

// mainFields: prefer a package's ESM build when bundling (jsonc-parser's UMD build hides its requires from esbuild).
// charset: the bundles' many non-ASCII characters (…, —, →) as UTF-8, 3 bytes each, not 6-byte \\u escapes.
const node = { platform: 'node', target: 'node20', format: 'cjs', sourcemap, logLevel: 'warning', mainFields: ['module', 'main'], charset: 'utf8',
  // `import()` as require(): a library loaded on demand (onDemand below) is a CommonJS file, loaded the CommonJS way.
  supported: { 'dynamic-import': false } };
const bundled = { ...node, bundle: true, plugins: [zodWithoutLocales, onDemandFiles] };

/** Every webview front end is a folder webview-ui/<name>/ with a main.ts. */
const webviewEntries = fs.existsSync(path.join(root, 'webview-ui'))
  ? fs.readdirSync(path.join(root, 'webview-ui'))
      .filter((d) => fs.existsSync(path.join(root, 'webview-ui', d, 'main.ts')))
      .map((d) => ({ in: path.join(root, 'webview-ui', d, 'main.ts'), out: d }))
  : [];

const configs = [
  { ...bundled, entryPoints: [path.join(root, 'src/vscode/extension.ts')], outfile: path.join(root, 'dist/extension.js'),
    external: ['vscode'], minify: production, plugins: [...bundled.plugins, withoutZodJsonSchema] },
  // The `baton` executable is a small launcher (src/cli/launcher.ts: usage and mistyped commands at once) that loads
  // the CLI bundle beside it only for a command.
  { ...bundled, entryPoints: [path.join(root, 'src/cli/launcher.ts')], outfile: path.join(root, 'dist/cli.js'),
    banner: { js: '#!/usr/bin/env node' }, minify: production },
  { ...bundled, entryPoints: [path.join(root, 'src/cli/main.ts')], outfile: path.join(root, 'dist/cli-main.js'), minify: production },
  // A second `baton scan` or `check` with nothing changed, answered from its saved output before the CLI bundle is loaded.
  { ...bundled, entryPoints: [path.join(root, 'src/cli/fast-answer.ts')], outfile: path.join(root, 'dist/cli-fast.js'), minify: production },
  // The index's read-ahead worker (src/core/io/read-ahead.ts), started by file name beside the extension and CLI bundles.
  { ...bundled, entryPoints: [path.join(root, 'src/core/io/read-ahead-worker.ts')], outfile: path.join(root, 'dist/read-ahead-worker.js'), minify: production },
  ...Object.entries(onDemandSources).map(([source, name]) => ({ ...bundled, entryPoints: [path.join(root, source)],
    outfile: path.join(root, 'dist', `${name}.js`), minify: production })),
  ...onDemand.map((name) => ({ ...node, bundle: true, plugins: [zodWithoutLocales], stdin: { contents: `module.exports = require(${JSON.stringify(name)});`, resolveDir: root },
    outfile: path.join(root, 'dist', `${name}.js`), minify: production })),
  ...(webviewEntries.length ? [{ entryPoints: webviewEntries, bundle: true, outdir: path.join(root, 'dist/webview'),
    platform: 'browser', target: 'es2022', format: 'iife', sourcemap: !production, minify: production, logLevel: 'warning' }] : []),
  // Unbundled copies for the tests: out/src/**, out/test/**, out/bench/**
  { ...node, entryPoints: [...filesUnder('src', (n) => n.endsWith('.ts')), ...filesUnder('test', (n) => n.endsWith('.ts')),
      ...filesUnder('bench', (n) => n.endsWith('.ts'))],
    outbase: root, outdir: path.join(root, 'out') },
];

/** The toolkit's prebuilt bundle is served to the webviews as it is. */
function copyToolkit() {
  const src = path.join(root, 'node_modules/@vscode/webview-ui-toolkit/dist/toolkit.min.js');
  const dst = path.join(root, 'dist/webview/toolkit.min.js');
  fs.mkdirSync(path.dirname(dst), { recursive: true });
  fs.copyFileSync(src, dst);
  // SQLite as WebAssembly (orc.db comments): next to dist/extension.js and dist/cli.js, where both look for it.
  fs.copyFileSync(path.join(root, 'node_modules/sql.js/dist/sql-wasm.wasm'), path.join(root, 'dist/sql-wasm.wasm'));
  // The demo workspace ships in the extension for the walkthrough's "Open the Demo" (one copy in the repo: demo/),
  // without the database-era project's generated databases: "Open the Demo" builds fresh ones in its copy.
  fs.rmSync(path.join(root, 'dist/demo'), { recursive: true, force: true });
  fs.cpSync(path.join(root, 'demo'), path.join(root, 'dist/demo'), { recursive: true, filter: (src) => !isGeneratedDemoFile(src) });
}

if (watch) {
  for (const c of configs) await (await esbuild.context(c)).watch();
  copyToolkit();
  console.log('watching…');
} else {
  // out/ is written beside itself and swapped in with two renames, so a test run reading out/ while another
  // build runs (several people work in one tree) never finds it half-deleted; stale files still go away.
  const out = path.join(root, 'out');
  const fresh = `${out}.build-${process.pid}`;
  fs.rmSync(fresh, { recursive: true, force: true });
  await Promise.all(configs.map((c) => esbuild.build(c.outdir === out ? { ...c, outdir: fresh } : c)));
  const old = `${out}.old-${process.pid}`;
  if (fs.existsSync(out)) fs.renameSync(out, old);
  fs.renameSync(fresh, out);
  fs.rmSync(old, { recursive: true, force: true });
  copyToolkit();
  fs.chmodSync(path.join(root, 'dist/cli.js'), 0o755);
  generateJsonSchemas(); // from the zod schemas just transpiled to out/
  await generateDemoDatabases(); // from the schema script just transpiled to out/
}
