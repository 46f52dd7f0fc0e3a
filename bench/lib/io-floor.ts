import { readFileSync } from 'node:fs';
import { OrcAdapter } from '../../src/core/formats/orc-eras/adapter';
import { time } from './measurement';

/**
 * The I/O floor of an orc workspace: its files listed the way the reader lists them and every byte read, in process
 * (the median of 7 after 2 warm-ups). Run as a script (`node out/bench/lib/io-floor.js <root>`) it prints
 * `{"ms":…}`: the floor as another Node measures it, for that Node's ratios.
 */
export async function ioFloor(root: string): Promise<number> {
  return (await time(async () => {
    for (const f of await new OrcAdapter().discover({ root })) readFileSync(f);
  }, 7, 2)).median;
}

if (require.main === module) void ioFloor(process.argv[2]!).then((ms) => console.log(JSON.stringify({ ms })));
