/**
 * An orc invocation as a person would type it, for refusals ("run this by hand") and messages: `orc` followed by
 * the exact arguments Baton would pass, each quoted so the line can be pasted into the platform's usual shell
 * (POSIX sh on macOS and Linux, PowerShell on Windows) and gives orc the same argument array.
 */
export function commandLine(args: readonly string[], platform: NodeJS.Platform = process.platform): string {
  const quote = platform === 'win32' ? quotePowerShell : quotePosix;
  return ['orc', ...args.map(quote)].join(' ');
}

const PLAIN = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** sh: bare when only safe characters, else single quotes (a single quote becomes '\''). */
export function quotePosix(arg: string): string {
  if (arg !== '' && PLAIN.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** PowerShell: bare when safe, else single quotes (a single quote doubled); no variable expansion inside. */
export function quotePowerShell(arg: string): string {
  if (arg !== '' && PLAIN.test(arg) && !arg.startsWith('@')) return arg;
  return `'${arg.replace(/['\u2018\u2019\u201a\u201b]/g, (q) => q + q)}'`;
}
