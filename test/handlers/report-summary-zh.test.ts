/** The finished report's head players and key patents: the platform's field names shown as labels in the user's language. */
import { expect, test } from 'vitest';
import { reportReadyMessage } from '../../src/handlers/report/result.js';
import { describeAnalysis } from '../../src/handlers/report/summary.js';
import { translatorFor, type Lang } from '../../src/i18n/index.js';
import { headPlayers, keyPatents } from '../../src/platform/simulator/content/report.js';

const ISSUE = '固态电解质';

/** The finished report's markdown as the simulator's AI34-3 answer makes it. */
const finished = (lang: Lang): string => {
  const result = {
    report_status: 'SUCCEED',
    report_url: 'https://example.com/r',
    head_player_analysis: headPlayers(ISSUE),
    key_patent_interpretation: keyPatents(ISSUE),
  };
  const message = reportReadyMessage(result, { question: ISSUE, outline: [] }, 'U1', translatorFor(lang));
  return message.blocks!.flatMap((b) => (b.type === 'markdown' ? [b.text] : [])).join('\n');
};

test('the known fields of the head players and key patents are labelled in Chinese', () => {
  const text = finished('zh');
  expect(text).toContain('**头部企业**\n• **');
  expect(text).toMatch(/ — 国家\/地区：[^·]+ · 专利数量：\d+\n/);
  expect(text).toContain(' — 专利权人：');
  expect(text).toContain(' · 解读：');
  expect(text).not.toMatch(/patent count|assignee|interpretation|country/);
});

test('English keeps the field names as it showed them', () => {
  const text = finished('en');
  expect(text).toContain('**Head players**\n• **');
  expect(text).toMatch(/ — country: [^·]+ · patent count: \d+\n/);
  expect(text).toContain(' — assignee: ');
  expect(text).toContain(' · interpretation: ');
});

test('a field nobody named keeps its own name; the analyses as nested objects get their labels', () => {
  const analysis = {
    head_player_analysis: { name: 'CATL', country: 'CN', market_share: '37%' },
    key_patent_interpretation: 'Claims cover the sulfide layer.',
  };
  expect(describeAnalysis(analysis, translatorFor('zh'))).toBe(
    '头部企业分析：**CATL** — 国家/地区：CN · market share：37%\n关键专利解读：Claims cover the sulfide layer.',
  );
  expect(describeAnalysis(analysis, translatorFor('en'))).toBe(
    'head player analysis: **CATL** — country: CN · market share: 37%\nkey patent interpretation: Claims cover the sulfide layer.',
  );
});
