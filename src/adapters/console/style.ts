/**
 * Text styles for the terminal: ANSI SGR sequences when the output is a colour terminal, nothing when it is not.
 * Each style closes with its own reset code (22, 23, ...) rather than a full reset, so styles can nest.
 */

export interface Style {
  readonly ansi: boolean;
  bold(text: string): string;
  dim(text: string): string;
  italic(text: string): string;
  underline(text: string): string;
  strike(text: string): string;
  code(text: string): string;
  danger(text: string): string;
}

const sgr =
  (open: number, close: number) =>
  (text: string): string =>
    text ? `\x1b[${open}m${text}\x1b[${close}m` : text;

export const ansiStyle: Style = {
  ansi: true,
  bold: sgr(1, 22),
  dim: sgr(2, 22),
  italic: sgr(3, 23),
  underline: sgr(4, 24),
  strike: sgr(9, 29),
  code: sgr(36, 39),
  danger: sgr(31, 39),
};

const same = (text: string): string => text;

export const plainStyle: Style = {
  ansi: false,
  bold: same,
  dim: same,
  italic: same,
  underline: same,
  strike: (text) => `~~${text}~~`,
  code: (text) => `\`${text}\``,
  danger: same,
};
