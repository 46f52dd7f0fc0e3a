/** Keywords that make orc set `requires_ui_testing` (spec 000, "UI Testing Detection"), matched as whole words. */
const UI_KEYWORDS = ['ui', 'frontend', 'button', 'form', 'page', 'modal', 'dialog', 'component', 'widget',
  'style', 'css', 'theme', 'responsive', 'click', 'hover', 'navigation', 'menu'];
const UI_WORD = new RegExp(`\\b(${UI_KEYWORDS.join('|')})\\b`, 'i');

export function mentionsUi(...texts: (string | null | undefined)[]): boolean {
  return texts.some((t) => t != null && UI_WORD.test(t));
}
