import * as assert from 'node:assert';
import path from 'node:path';
import { OrcAdapter } from '../../src/core/formats/orc-eras/adapter';
import type { OrcAnyRecord as OrcRecord } from '../../src/core/formats/orc-eras/record';
import type { ParsedFile, SourceContext } from '../../src/core/model/adapter';
import { OrchestrationService } from '../../src/core/service/orchestration-service';
import { TempWorkspace, taskYaml } from './helpers/temp-workspace';

/** The real orc adapter, with one file that breaks it in the way a reader bug would. */
class BrokenForOneFile extends OrcAdapter {
  constructor(private readonly how: 'read throws' | 'record is not JSON') { super(); }

  // This reader reads every file itself (the real one reads only databases so): a bug in it must cost one file.
  override readsItself(): boolean {
    return true;
  }

  override async read(file: string) {
    if (this.how === 'read throws' && file.includes('TASK-002')) throw new Error('reader bug');
    return 'whole' as const;
  }

  override parse(file: string, text: string, ctx: SourceContext): ParsedFile<OrcRecord> {
    const parsed = super.parse(file, text, ctx);
    if (this.how !== 'record is not JSON' || !file.includes('TASK-002')) return parsed;
    const looped: Record<string, unknown> = { ...parsed.record };
    looped.self = looped;
    return { ...parsed, record: looped as unknown as OrcRecord };
  }
}

describe('index robustness', () => {
  for (const how of ['read throws', 'record is not JSON'] as const) {
    it(`costs one file, with a diagnostic naming it, when an adapter's ${how}`, async () => {
      const ws = new TempWorkspace({
        '.orc/tasks/TASK-001/task.yaml': taskYaml({ id: 'TASK-001', title: 'Fine', status: 'planned' }),
        '.orc/tasks/TASK-002/task.yaml': taskYaml({ id: 'TASK-002', title: 'Breaks the reader', status: 'planned' }),
      });
      try {
        const service = new OrchestrationService({ folders: [{ root: ws.root }], adapters: [new BrokenForOneFile(how)] });
        await service.scan();
        assert.deepStrictEqual(service.items().map((i) => i.id), ['TASK-001']);
        const problem = service.diagnostics().find((d) => d.file === path.join(ws.root, '.orc/tasks/TASK-002/task.yaml'));
        assert.match(problem?.message ?? '', /could not be read/);
        await service.fileChanged(ws.path('.orc/tasks/TASK-002/task.yaml'));
        assert.deepStrictEqual(service.items().map((i) => i.id), ['TASK-001']);
        service.dispose();
      } finally {
        ws.dispose();
      }
    });
  }
});
