/**
 * A text sample of every digit and every Cyrillic, Georgian and Armenian letter, in both weights:
 * the golden `font-sample.png` shows each drawn by the bundled font (no boxes).
 */
import { rect, text } from '../../src/render/svg.ts';

export const FONT_SAMPLE_LINES: readonly string[] = [
  '0123456789 +−:·… 24/18 13/7* bar/22 6/off',
  'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ',
  'абвгдеёжзийклмнопрстуфхцчшщъыьэюя ЄІЇҐ єіїґ',
  'აბგდევზთიკლმნოპჟრსტუფქღყშჩცძწჭხჯჰ',
  'ԱԲԳԴԵԶԷԸԹԺԻԼԽԾԿՀՁՂՃՄՅՆՇՈՉՊՋՌՍՎՏՐՑՒՓՔՕՖ',
  'աբգդեզէըթժիլխծկհձղճմյնշոչպջռսվտրցւփքօֆ',
];

const LINE_H = 46;

/** Returns the sample as an SVG document: each line in regular, then in bold. */
export function fontSampleSvg(): string {
  const width = 1100;
  const height = LINE_H * FONT_SAMPLE_LINES.length * 2 + 20;
  const lines = FONT_SAMPLE_LINES.flatMap((line, i) => [
    text(12, 40 + LINE_H * 2 * i, line, { size: 30, fill: '#000000' }),
    text(12, 40 + LINE_H * (2 * i + 1), line, { size: 30, fill: '#000000', bold: true }),
  ]);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${rect(0, 0, width, height, '#ffffff')}${lines.join('')}</svg>`;
}
