/** A four-line claim set with indented lines: the long, multi-line input the issue 28 tests send from each surface. */
export const CLAIMS = [
  '1. A self-heating mug comprising:',
  '  a double-walled body holding a phase-change salt between its walls;',
  '  a push button that releases a seed crystal into the salt, starting its crystallisation;',
  '  wherein the heat of crystallisation keeps a drink in the mug above 55 °C for 40 minutes.',
].join('\n');
