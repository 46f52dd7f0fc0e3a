// `npm run package`: a production build, then `vsce package` into baton-<version>.vsix at the repository root,
// then a check of what went in. Offline: vsce is a devDependency run through this Node, and --no-dependencies
// because esbuild bundles everything into dist/ (node_modules never ships). What goes in is the allow-list in
// .vscodeignore; the check below makes a missing file or a leaked source fail the run instead of shipping.
// README: Baton has no public repository to point links at (package.json names none), so the packaged README is
// made here (dist/README.md, see packagedReadme): its screenshots inlined as PNG data URLs — which VS Code's
// extension page shows from the installed .vsix — and its links to files that do not ship kept as plain text.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const vsix = path.join(root, `baton-${version}.vsix`);

/** Runs a command (argument array, no shell) from the repository root; resolves with its exit code and output. */
function run(cmd, { quiet = false } = {}) {
  return new Promise((resolve) => {
    // stdin ignored: vsce asks "Do you want to continue?" only on a terminal; without one it would go on by itself,
    // so its warnings are caught from the output below instead.
    const child = spawn(cmd[0], cmd.slice(1), { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const tee = (stream) => (d) => { out += d; if (!quiet) stream.write(d); };
    child.stdout.on('data', tee(process.stdout));
    child.stderr.on('data', tee(process.stderr));
    child.on('error', (e) => resolve({ code: 127, out: out + String(e) }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), out }));
  });
}

function fail(message) {
  console.error(`package: ${message}`);
  process.exit(1);
}

/**
 * The entries of a zip file (a .vsix is one), read from its central directory: name, compression method,
 * compressed size and the offset of its local header. Enough to list it and to read one small entry back.
 */
function zipEntries(buf) {
  // The end-of-central-directory record is the last 22 bytes plus a comment of at most 64 KB.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) { eocd = i; break; }
  }
  if (eocd < 0) throw new Error('not a zip file (no end-of-central-directory record)');
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const entries = [];
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(at) !== 0x02014b50) throw new Error(`broken central directory at entry ${i}`);
    const nameLen = buf.readUInt16LE(at + 28), extraLen = buf.readUInt16LE(at + 30), commentLen = buf.readUInt16LE(at + 32);
    entries.push({
      name: buf.toString('utf8', at + 46, at + 46 + nameLen),
      method: buf.readUInt16LE(at + 10),
      size: buf.readUInt32LE(at + 20),
      localHeader: buf.readUInt32LE(at + 42),
    });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** The bytes of one entry (stored or deflated). */
function zipRead(buf, entry) {
  const h = entry.localHeader;
  const start = h + 30 + buf.readUInt16LE(h + 26) + buf.readUInt16LE(h + 28);
  const data = buf.subarray(start, start + entry.size);
  if (entry.method === 0) return data;
  if (entry.method === 8) return zlib.inflateRawSync(data);
  throw new Error(`${entry.name}: unsupported zip compression method ${entry.method}`);
}

// 1. The production build: minified bundles, no source maps.
console.log('=== production build');
const build = await run([process.execPath, path.join(root, 'scripts/build.mjs'), '--production']);
if (build.code !== 0) fail(`the production build failed (exit ${build.code})`);

/**
 * README.md as the .vsix carries it: `![alt](docs/images/x.png)` becomes a data URL of that PNG, so the image loads
 * from the extension itself; a relative link to a file that is not in the package (docs/…, src/…) keeps only its
 * text. Absolute links and anchors stay as they are.
 */
function packagedReadme() {
  const text = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const images = text.replace(/!\[([^\]]*)\]\((?!https?:|data:)([^)\s]+\.png)\)/g, (_, alt, file) => {
    const bytes = fs.readFileSync(path.join(root, file));
    return `![${alt}](data:image/png;base64,${bytes.toString('base64')})`;
  });
  const links = images.replace(/(?<!!)\[([^\]]+)\]\((?!https?:|#|mailto:|data:)[^)\s]+\)/g, '$1');
  const out = path.join(root, 'dist', 'README.md');
  fs.writeFileSync(out, links);
  return out;
}

// 2. vsce package. An old .vsix of the same version goes first, so a failed run never leaves a stale one behind.
console.log(`=== vsce package → ${path.basename(vsix)}`);
fs.rmSync(vsix, { force: true });
const vsceEntry = path.join(root, 'node_modules/@vscode/vsce/vsce');
if (!fs.existsSync(vsceEntry)) fail('@vscode/vsce is not installed (run npm install)');
const readmePath = path.relative(root, packagedReadme());
const vsce = await run([process.execPath, vsceEntry, 'package', '--no-dependencies', '--out', vsix,
  '--readme-path', readmePath, '--no-rewrite-relative-links', '--allow-missing-repository']);
if (vsce.code !== 0) fail(`vsce package failed (exit ${vsce.code})`);
// Every vsce warning is something it would have asked about on a terminal (no LICENSE, no repository, …).
const warnings = vsce.out.split('\n').filter((l) => /\bWARNING\b/.test(l));
if (warnings.length) fail(`vsce warned — fix the cause rather than ship around it:\n${warnings.join('\n')}`);
if (!fs.existsSync(vsix)) fail(`vsce reported success but ${path.basename(vsix)} is missing`);

// 3. What is inside. vsce puts the extension's files under extension/ beside its own manifest files.
const buf = fs.readFileSync(vsix);
const entries = zipEntries(buf);
const files = entries.map((e) => e.name).filter((n) => n.startsWith('extension/')).map((n) => n.slice('extension/'.length));
const required = ['package.json', 'dist/extension.js', 'dist/cli.js', 'dist/cli-fast.js', 'dist/cli-main.js', 'dist/read-ahead-worker.js', 'dist/simple-git.js', 'dist/sql.js.js', 'dist/markdown-it.js', 'dist/demo-db.js', 'dist/mcp-sdk.js', 'dist/sql-wasm.wasm', 'dist/webview/toolkit.min.js',
  'dist/webview/decisions.js', 'dist/demo/orc.yaml', 'dist/demo/baton-demo.code-workspace', 'dist/demo/billing-service/.orc/config.yaml',
  'media/baton.png', 'media/baton.svg', 'README.md', 'CHANGELOG.md', 'LICENSE'];
const problems = [];
for (const f of required) {
  // vsce lower-cases readme.md / changelog.md and stores LICENSE as LICENSE.txt
  if (!files.some((n) => n.toLowerCase() === f.toLowerCase() || n === `${f}.txt`)) problems.push(`missing: ${f}`);
}
if (!files.some((f) => f.startsWith('media/walkthrough/'))) problems.push('missing: media/walkthrough/ (the walkthrough pages)');
for (const f of files) {
  if (/^(src|test|bench|webview-ui|scripts|out|docs|node_modules|demo)\//.test(f)) problems.push(`should not ship: ${f}`);
  else if (f.includes('node_modules/')) problems.push(`should not ship: ${f}`);
  else if (f.endsWith('.map')) problems.push(`source map should not ship: ${f}`);
  // TypeScript belongs only to the demo workspace, where it is sample data the Intents view points at.
  else if (/\.tsx?$/.test(f) && !f.startsWith('dist/demo/')) problems.push(`TypeScript source should not ship: ${f}`);
  // The demo's database-era project ships without databases: "Open the Demo" builds them in its copy.
  else if (/^dist\/demo\/billing-service\/(\.orc\/orc\.db|home\/)/.test(f)) problems.push(`generated demo database should not ship: ${f}`);
}
// README: no link left pointing at a file that does not ship, and every screenshot inlined (it loads offline).
const readme = entries.find((e) => /^extension\/readme\.md$/i.test(e.name));
if (!readme) problems.push('missing: readme.md');
else {
  const text = zipRead(buf, readme).toString('utf8');
  const relative = [...text.matchAll(/\]\((?!https?:|#|mailto:|data:)([^)\s]+)\)/g)].map((m) => m[1]);
  if (relative.length) problems.push(`README links left relative: ${relative.join(', ')}`);
  const inlined = [...text.matchAll(/!\[[^\]]*\]\(data:image\/png;base64,/g)].length;
  const shots = [...fs.readFileSync(path.join(root, 'README.md'), 'utf8').matchAll(/!\[[^\]]*\]\(docs\/images\//g)].length;
  if (inlined !== shots) problems.push(`README has ${shots} screenshots but ${inlined} were inlined`);
  if (/github\.com\/baton-dev/.test(text)) problems.push('README names a repository that does not exist (github.com/baton-dev)');
}
if (problems.length) fail(`${path.basename(vsix)} is wrong:\n  ${problems.join('\n  ')}`);

const kb = (fs.statSync(vsix).size / 1024).toFixed(1);
console.log(`package: ${path.basename(vsix)}, ${kb} KB, ${files.length} files — listing checked (${required.length} required files present, no sources, no source maps)`);
