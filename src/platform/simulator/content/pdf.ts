/** A minimal valid one-page PDF with a title and text lines (Helvetica; characters outside Latin-1 become "?"). */

const MAX_LINES = 60;
const WRAP_AT = 95;

function wrap(text: string): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > WRAP_AT) {
    const space = rest.lastIndexOf(' ', WRAP_AT);
    const cut = space > 40 ? space : WRAP_AT;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut).trimStart();
  }
  out.push(rest);
  return out;
}

const pdfText = (text: string): string =>
  text
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/\\/g, '\\\\')
    .replace(/\(/g, '\\(')
    .replace(/\)/g, '\\)');

export function pdfDocument(title: string, lines: readonly string[]): Buffer {
  const body = lines.flatMap(wrap).slice(0, MAX_LINES);
  const content = [
    'BT',
    '/F1 14 Tf',
    '50 800 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 9 Tf',
    '0 -22 Td',
    ...body.flatMap((l) => [`(${pdfText(l)}) Tj`, '0 -12 Td']),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
