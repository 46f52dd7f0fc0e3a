import { loadYaml } from '../../yaml/fast-load';
import { YamlLocator } from '../../yaml/locate';
import { intentIdOf, intentView } from './intent-fields';
import { findIntentList } from './intents-root';
import type { RawMapRow } from './map-tables';

/**
 * Some forks keep intent_map.md as YAML (`intents:` with `id` and `owned_scope`, e.g. `yosef-zewdu/Roo-Code`): a
 * file with no Markdown in it that reads as a list of intents maps each intent to its scope entries.
 */
export function yamlMapRows(text: string): RawMapRow[] | undefined {
  if (!/^(\s*#.*\n)*\s*(intents|active_intents|-\s+id)\s*:/.test(text) || /^#{1,6}\s|^\s*\|/m.test(text)) return undefined;
  const loaded = loadYaml(text);
  if (!loaded.ok) return undefined;
  const shape = findIntentList(loaded.value);
  if (!shape.entries.length) return undefined;
  const locator = new YamlLocator(text);
  return shape.entries.flatMap(({ raw, path, keyId }) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return [];
    const id = intentIdOf(raw as Record<string, unknown>) ?? keyId;
    if (!id) return [];
    const { view } = intentView(id, raw as Record<string, unknown>);
    return view.ownedScope.map((entry, i) => ({ path: entry, owner: id, lastModifiedBy: null, hashText: null,
      line: locator.locate([...path, ...view.scopePaths[i]!]).line }));
  });
}
