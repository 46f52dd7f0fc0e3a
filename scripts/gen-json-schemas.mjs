// Writes schemas/<name>.schema.json from the zod schemas of every format that exports `jsonSchemas`
// (src/core/formats/<system>/json-schemas.ts, transpiled to out/ by the build). package.json's
// `jsonValidation` / `yamlValidation` point at these files; this script says when one is not contributed.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

export function generateJsonSchemas() {
  const formats = path.join(root, 'out/src/core/formats');
  const outDir = path.join(root, 'schemas');
  fs.mkdirSync(outDir, { recursive: true });
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const contributed = new Set([...(pkg.contributes?.jsonValidation ?? []), ...(pkg.contributes?.yamlValidation ?? [])].map((e) => e.url));
  const written = [];
  for (const system of fs.existsSync(formats) ? fs.readdirSync(formats).sort() : []) {
    const file = path.join(formats, system, 'json-schemas.js');
    if (!fs.existsSync(file)) continue;
    const { jsonSchemas, toJsonSchema } = require(file);
    for (const e of jsonSchemas) {
      const target = path.join(outDir, `${e.name}.schema.json`);
      const text = JSON.stringify(toJsonSchema(e), null, 2) + '\n';
      if (!fs.existsSync(target) || fs.readFileSync(target, 'utf8') !== text) fs.writeFileSync(target, text);
      written.push(target);
      if (!contributed.has(`./schemas/${e.name}.schema.json`)) console.warn(`schemas/${e.name}.schema.json is not contributed in package.json`);
    }
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(generateJsonSchemas().map((f) => path.relative(root, f)).join('\n'));
