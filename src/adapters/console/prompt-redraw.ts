/**
 * Redrawing readline's prompt line from outside. readline redraws by first moving up the rows it remembers
 * drawing (`prevRows`), but text typed or pasted at the end of the line wraps without its noticing, so what it
 * remembers can be short of where the cursor is.
 */
import type { Interface } from 'node:readline';

/** The rows readline remembers drawing above the cursor (its private `prevRows`), if it has that field. */
export function rememberedRows(rl: Interface): number | undefined {
  const remembered = (rl as unknown as { prevRows?: unknown }).prevRows;
  return typeof remembered === 'number' ? remembered : undefined;
}

/**
 * Draws `prompt` and the buffer after it in place of the prompt line on screen, moving up first the rows readline
 * missed (a line ending right at the edge leaves the cursor on its last row, not on the next one).
 */
export function redrawPrompt(rl: Interface, output: NodeJS.WritableStream, prompt: string): void {
  const { rows, cols } = rl.getCursorPos();
  const drawn = cols === 0 && rows > 0 && rl.cursor === rl.line.length ? rows - 1 : rows;
  const missed = drawn - (rememberedRows(rl) ?? 0);
  if (missed > 0) output.write(`\x1b[${missed}A`);
  rl.setPrompt(prompt);
  rl.prompt(true);
}
