import { answerCommand } from './answer';
import { UsageError } from './args';
import { checkCommand } from './check';
import { mcpCommand } from './mcp';
import { cliOutput, endQuietlyWhenReaderGoes, readerGone, type CliOutput } from './output';
import { expectedIoFailure, ioFailureLine } from '../core/io/io-failure';
import { printable } from '../core/util/printable';
import { ownerCommand } from './owner';
import { runCommand } from './run';
import { scanCommand } from './scan';
import { taskCommand } from './task';
import { traceCommand } from './trace';
import { answerUsage, checkUsage, mcpUsage, ownerUsage, runUsage, scanUsage, taskUsage, traceUsage, usageText } from './usage';

type Command = (argv: string[], out: CliOutput) => Promise<number>;

const COMMANDS: Record<string, { run: Command; usage: string }> = {
  scan: { run: scanCommand, usage: scanUsage },
  check: { run: checkCommand, usage: checkUsage },
  owner: { run: ownerCommand, usage: ownerUsage },
  trace: { run: traceCommand, usage: traceUsage },
  answer: { run: answerCommand, usage: answerUsage },
  task: { run: taskCommand, usage: taskUsage },
  run: { run: runCommand, usage: runUsage },
  mcp: { run: mcpCommand, usage: mcpUsage },
};

/** Exit status per CLI.md: 0 fine, 1 errors found (or refused), 2 usage error. */
async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    cliOutput.line(usageText());
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    cliOutput.error(`baton: unknown command "${printable(name)}"\n${usageText()}`);
    return 2;
  }
  try {
    return await command.run(rest, cliOutput);
  } catch (err) {
    if (err instanceof UsageError) {
      cliOutput.error(`baton ${name}: ${printable(err.message)}\nusage: ${command.usage}`);
      return 2;
    }
    // A full disk, a read-only mount, a file the user may not write: one line, never a stack trace (the writes
    // removed their temp files, and a multi-file write undid what it had created).
    const failure = expectedIoFailure(err);
    if (failure) {
      cliOutput.error(`baton ${name}: ${printable(ioFailureLine(failure, process.cwd()))}`);
      return 1;
    }
    cliOutput.error(`baton ${name}: ${(err as Error).stack ?? String(err)}`);
    return 1;
  }
}

endQuietlyWhenReaderGoes();
void main(process.argv.slice(2)).then((code) => { process.exitCode = readerGone() ? 0 : code; });
