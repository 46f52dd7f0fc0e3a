import * as assert from 'node:assert';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { REPO } from '../helpers/temp-workspace';

/** What `tsc -p <folder>/tsconfig.json --noEmit` reports, one line per problem. */
function typeErrors(folder: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(folder, 'tsconfig.json'), { noEmit: true }, {
    ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); },
  })!;
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, projectReferences: config.projectReferences });
  return [...config.errors, ...ts.getPreEmitDiagnostics(program)].map((d) =>
    `${d.file ? path.relative(folder, d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
}

// The editor shows a workspace's TypeScript errors in Problems: the demo's sample code must not add any of its own
// (it installs nothing), neither where Baton's repository holds it nor in the fresh copy the walkthrough opens.
describe('the demo\'s sample code', () => {
  it('type-checks on its own in the repository (no @types from Baton\'s node_modules pulled in)', function () {
    this.timeout(60000);
    assert.deepStrictEqual(typeErrors(path.join(REPO, 'demo')), []);
  });

  it('type-checks in a copy with no node_modules anywhere above it', function () {
    this.timeout(60000);
    const copy = mkdtempSync(path.join(os.tmpdir(), 'baton-demo-types-'));
    try {
      for (const entry of ['tsconfig.json', 'src', 'types']) cpSync(path.join(REPO, 'demo', entry), path.join(copy, entry), { recursive: true });
      assert.deepStrictEqual(typeErrors(copy), []);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
