// In-extension-host test entry. VS Code (desktop, or code-server via test/e2e/code-e2e.mjs) loads this file
// as --extensionTestsPath and calls run(): the returned promise settling is what ends the test session.
// It prints `E2E-MOCHA-RESULT passes=N failures=M` on console.log because that is the only channel that
// reaches the runner outside the editor (the web workbench forwards extension-host console output to the page).
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

export function run(): Promise<void> {
  // this file is out/test/extension/index.js, next to the transpiled *.test.js files
  return runTestsIn(__dirname);
}

/** Runs every *.test.js under `root` (test/extension-untrusted/ has its own entry, for its own window). */
export function runTestsIn(root: string): Promise<void> {
  // color off: the output ends up in a browser console / CI log, not a terminal
  // BATON_EXT_GREP runs only the tests whose title matches (a developer's loop on one test).
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 30000, ...(process.env.BATON_EXT_GREP ? { grep: process.env.BATON_EXT_GREP } : {}) });
  const files = fs.readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.js'))
    .sort();
  for (const f of files) mocha.addFile(path.join(root, f));

  return new Promise((resolve, reject) => {
    try {
      const runner = mocha.run((failures) => {
        const passes = runner.stats?.passes ?? 0;
        console.log(`E2E-MOCHA-RESULT passes=${passes} failures=${failures}`);
        if (failures > 0) reject(new Error(`${failures} extension-host test(s) failed`));
        else resolve();
      });
    } catch (err) {
      console.log('E2E-MOCHA-RESULT passes=0 failures=1');
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
