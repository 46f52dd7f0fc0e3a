// Run as its own process by orc-db.bench.ts: the first scan of a database-era workspace in a process that has not
// loaded sql.js yet, as the extension host and the CLI meet it. Prints one JSON line of timings (milliseconds).
import { forgetOrcDbFollowers } from '../../src/core/formats/orc-db/read-db';
import { loadSqlJs } from '../../src/core/io/sqljs-loader';
import { OrchestrationService } from '../../src/core/service/orchestration-service';

async function main(): Promise<void> {
  const [root, orcHome, mode] = process.argv.slice(2) as [string, string, 'whole' | 'split'];
  const started = performance.now();
  let load = 0;
  if (mode === 'split') {
    await loadSqlJs();
    load = performance.now() - started;
  }
  const scanStarted = performance.now();
  const service = new OrchestrationService({ folders: [{ root, orcHome }] });
  await service.scan();
  const scan = performance.now() - scanStarted;
  const tasks = service.items().filter((i) => i.system === 'orc' && i.kind === 'task').length;
  // A second scan in the same process, the database read again from nothing: what the first one paid once.
  forgetOrcDbFollowers();
  const againStarted = performance.now();
  await new OrchestrationService({ folders: [{ root, orcHome }] }).scan();
  const again = performance.now() - againStarted;
  process.stdout.write(`${JSON.stringify({ load, scan, total: performance.now() - started - again, again, tasks })}\n`);
}

void main();
