// Renders the extension's PNG icon (media/baton.png, 256×256) from media/baton.svg, the activity-bar glyph.
// The Marketplace and `vsce package` need a PNG icon of at least 128×128; the glyph itself is a 24×24 line
// drawing in currentColor, so it is drawn here in white on a rounded dark tile. Run it again after changing
// the SVG and commit the PNG (`node scripts/render-icon.mjs`); the same Chromium gives the same pixels.
// Chromium: Debian's /usr/bin/chromium (installed by scripts/setup-toolchain.sh) or CHROMIUM_PATH.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const SIZE = 256;
const svg = fs.readFileSync(path.join(root, 'media/baton.svg'), 'utf8');
const out = path.join(root, 'media/baton.png');

// The glyph sits in the middle 70% of the tile; the tile's corners stay transparent.
const html = `<!doctype html><html><body style="margin:0;background:transparent">
<div style="width:${SIZE}px;height:${SIZE}px;border-radius:${SIZE * 0.18}px;background:#1f2a44;
  display:flex;align-items:center;justify-content:center;color:#ffffff">
  ${svg.replace('<svg ', `<svg style="width:${SIZE * 0.7}px;height:${SIZE * 0.7}px" `)}
</div></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--force-color-profile=srgb', '--font-render-hinting=none'],
});
try {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE }, deviceScaleFactor: 1 });
  await page.setContent(html);
  const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: SIZE, height: SIZE } });
  // temp + rename: a failed run never leaves half an icon behind
  fs.writeFileSync(`${out}.tmp`, png);
  fs.renameSync(`${out}.tmp`, out);
  console.log(`wrote ${path.relative(root, out)} (${SIZE}×${SIZE}, ${png.length} bytes)`);
} finally {
  await browser.close();
}
