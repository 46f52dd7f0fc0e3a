import * as assert from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { parse as parseYaml } from 'yaml';
import { jsonSchemas, toJsonSchema } from '../../../src/core/formats/orc/json-schemas';
import { REPO } from '../helpers/temp-workspace';

const pkg = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8'));

function schemaFile(name: string): object {
  return JSON.parse(readFileSync(path.join(REPO, 'schemas', `${name}.schema.json`), 'utf8'));
}

describe('orc JSON Schemas for editing', () => {
  const ajv = new Ajv({ allErrors: true, strict: false });

  it('are generated from the zod schemas and contributed for every file they describe', () => {
    const contributed = [...pkg.contributes.yamlValidation, ...pkg.contributes.jsonValidation];
    for (const e of jsonSchemas) {
      assert.deepStrictEqual(schemaFile(e.name), toJsonSchema(e), `schemas/${e.name}.schema.json is stale: run the build`);
      const entry = contributed.find((c: { url: string }) => c.url === `./schemas/${e.name}.schema.json`);
      assert.ok(entry, `${e.name} is contributed`);
      assert.deepStrictEqual([entry.fileMatch].flat(), e.fileMatch);
      const list = e.language === 'json' ? pkg.contributes.jsonValidation : pkg.contributes.yamlValidation;
      assert.ok(list.includes(entry), `${e.name} is in ${e.language}Validation`);
    }
  });

  it('accept every orc file of the demo and the valid fixture', () => {
    const files: [string, string][] = [];
    for (const base of ['demo', 'test/fixtures/orc/valid']) {
      for (const rel of ['orc.yaml', '.orc/tasks/TASK-001/task.yaml', '.orc/tasks/TASK-002/task.yaml', '.orc/tasks/TASK-002/state.yaml',
        '.orc/tasks/TASK-002/plan.yaml', '.orc/initiatives/INIT-001/initiative.yaml']) files.push([base, rel]);
    }
    const kind = (rel: string) => rel === 'orc.yaml' ? 'orc-config' : `orc-${path.basename(rel, '.yaml')}`;
    for (const [base, rel] of files) {
      const validate = ajv.compile(schemaFile(kind(rel)));
      const ok = validate(parseYaml(readFileSync(path.join(REPO, base, rel), 'utf8')));
      assert.ok(ok, `${base}/${rel}: ${JSON.stringify(validate.errors)}`);
    }
    const report = ajv.compile(schemaFile('orc-test-report'));
    assert.ok(report(JSON.parse(readFileSync(path.join(REPO, 'demo/.orc/tasks/TASK-002/test-results/report.json'), 'utf8'))), JSON.stringify(report.errors));
  });

  it('are stricter than the reader where a person types the value, and open where orc writes it', () => {
    const task = ajv.compile(schemaFile('orc-task'));
    assert.strictEqual(task({ id: 'TASK-001', title: 'x', priority: 'urgent' }), false);
    assert.deepStrictEqual(task.errors?.map((e) => e.instancePath).filter((p, i, a) => a.indexOf(p) === i), ['/priority']);
    for (const [field, value] of [['queue', 'later'], ['category', 'epic'], ['weight', 'huge']] as const) {
      assert.strictEqual(task({ id: 'TASK-001', [field]: value }), false, `${field}: ${value}`);
    }
    assert.strictEqual(task({ id: 'TASK-001', status: 'a-status-from-a-newer-orc', custom_field: { kept: 1 } }), true,
      'unknown statuses and unknown fields stay valid (as the reader keeps them)');
    assert.strictEqual(task({ id: 'TASK-001', blocked_by: 'TASK-002' }), false, 'blocked_by is a list');
  });
});
