import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A mistake in how the command was called: exit status 2 with the message and the usage. */
export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;

export function parse<O extends Options>(args: string[], options: O) {
  try {
    return parseArgs({ args, options, allowPositionals: true as const, strict: true as const });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}
