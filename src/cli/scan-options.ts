import { placeOptions } from './place-options';

/** `baton scan`'s options (parseArgs), shared by the command (scan.ts) and its second-run answer (fast-scan.ts). */
export const scanOptions = { json: { type: 'boolean' }, home: { type: 'string' }, 'no-cache': { type: 'boolean' }, ...placeOptions } as const;

/** The saved output of a scan (scan-snapshot.ts) is one per view: the command and the options that shape it. */
export function scanView(json: boolean): string {
  return json ? 'scan --json' : 'scan';
}
