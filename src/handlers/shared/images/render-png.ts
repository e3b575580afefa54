/** SVG to PNG through resvg (WebAssembly), with the bundled Noto Sans SC subset so Chinese labels have glyphs. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { initWasm, Resvg } from '@resvg/resvg-wasm';

/** The family the SVGs name; the bundled font answers for it (and for any other name: it is the only font loaded). */
export const FONT_FAMILY = 'Noto Sans SC';
/** Noto Sans SC (SIL OFL 1.1) cut to GB2312's characters, Latin and CJK punctuation: see assets/fonts/README.md. */
const FONT_FILE = '../../../../assets/fonts/NotoSansSC-Regular-GB2312.otf';

let ready: Promise<Uint8Array> | undefined;

/** Loads the renderer and the font once per process (both from local files: nothing is fetched). */
function renderer(): Promise<Uint8Array> {
  ready ??= (async () => {
    const wasm = readFileSync(createRequire(import.meta.url).resolve('@resvg/resvg-wasm/index_bg.wasm'));
    await initWasm(wasm);
    return new Uint8Array(readFileSync(fileURLToPath(new URL(FONT_FILE, import.meta.url))));
  })();
  ready.catch(() => {
    ready = undefined;
  });
  return ready;
}

/** The SVG drawn on white at its own size, as PNG bytes. */
export async function svgToPng(svg: string): Promise<Buffer> {
  const font = await renderer();
  const resvg = new Resvg(svg, {
    background: 'white',
    font: { fontBuffers: [font], defaultFontFamily: FONT_FAMILY, sansSerifFamily: FONT_FAMILY },
    fitTo: { mode: 'original' },
  });
  try {
    const image = resvg.render();
    try {
      return Buffer.from(image.asPng());
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}
