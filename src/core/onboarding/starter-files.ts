/**
 * The smallest valid files for starting with a system from an empty folder (the "create" buttons of the empty
 * views). Each set is what the system's own tools would write first, so Baton's readers scan it without a diagnostic.
 */
export type StarterFiles = Readonly<Record<string, string>>;

/** An orc project: orc.yaml plus one task folder, so the Tasks view has something to open and run. */
export function orcProjectFiles(now: Date): StarterFiles {
  const stamp = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    'orc.yaml': [
      '# orc.yaml - project configuration read by orc (and shown by Baton)',
      'version: 1',
      'gates:',
      '  review: ai',
      '  merge: human # a person approves every merge',
      'weights:',
      '  default: medium',
      '',
    ].join('\n'),
    '.orc/tasks/TASK-001/task.yaml': [
      'id: TASK-001',
      'title: "Describe your first task"',
      'description: |',
      '  Replace this text with what the agent should do, then use Run Task.',
      'weight: small',
      'status: created',
      'queue: active',
      'priority: normal',
      'category: feature',
      `created_at: ${stamp}`,
      `updated_at: ${stamp}`,
      '',
    ].join('\n'),
  };
}

/** An intents file with one example intent (fork shape, root key `active_intents`). */
export function intentsFiles(now: Date): StarterFiles {
  const stamp = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    '.orchestration/active_intents.yaml': [
      '# Intents: what each agent is working on and which files it owns.',
      'active_intents:',
      '  - id: INT-001',
      '    name: First intent',
      '    status: PENDING',
      '    owned_scope:',
      '      - src/**',
      '    acceptance_criteria:',
      '      - Describe what done means here',
      `    updated_at: ${stamp}`,
      '',
    ].join('\n'),
  };
}
