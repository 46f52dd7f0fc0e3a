/**
 * What an agent's error.flag says. Dure's agents and its timeout handler write a JSON object
 * `{ agent, error_type, message, stack?, timestamp, recoverable }`; older runs and hand-made flags hold plain
 * text. JSON is shown as "error_type: message", anything else as written (trimmed).
 */
export function errorFlagText(text: string): string {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return trimmed;
  try {
    const flag = JSON.parse(trimmed) as unknown;
    if (!flag || typeof flag !== 'object' || Array.isArray(flag)) return trimmed;
    const { error_type: type, message } = flag as Record<string, unknown>;
    if (typeof message !== 'string') return trimmed;
    return typeof type === 'string' && type ? `${type}: ${message}` : message;
  } catch {
    return trimmed; // Dure reads a flag it cannot parse as a crash with that text: show the text.
  }
}
