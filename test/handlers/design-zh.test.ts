/** The design search in Chinese: help and option refusals, the upload step, the report and its similar designs. */
import { expect, test } from 'vitest';
import { mention } from '../../src/core/message.js';
import { DESIGN, uploadInstruction } from '../../src/handlers/design/definition.js';
import { designHandler } from '../../src/handlers/design/handler.js';
import { declaredRefusal, shelfRefusalText } from '../../src/handlers/design/image.js';
import { parseDesignArgs } from '../../src/handlers/design/options.js';
import { reportMessage, type DesignReport } from '../../src/handlers/design/report.js';
import { translatorFor } from '../../src/i18n/index.js';

const REPORT = {
  report: {
    country: ['US', 'CN'],
    high_risk_country: ['US'],
    middle_risk_country: ['US'],
    suspected_infringement_count: 2,
    comparisons: [{ patent_pn: 'USD900001S', title: '耳机盒', score: 0.91, risk_level: 'High', country: 'US', status: 1, similar: '轮廓相同' }],
  },
  patent_messages: { total_search_result_count: 1234, patent_messages: [] },
} as unknown as DesignReport;

test('help, the noun and the option refusals are Chinese; codes and flags stay as typed', () => {
  const zh = translatorFor('zh');
  expect(designHandler.help.summary(zh)).toContain('外观设计专利图像检索');
  expect(DESIGN.noun(zh)).toBe('外观设计检索');
  expect(parseDesignArgs('https://example.com/a.png --countries US,XX', 'cn', zh)).toEqual({
    problem: '平台只检索 US、CN、JP、KR、AU、EU 的外观设计注册库；`XX` 不在其中。',
  });
  expect(parseDesignArgs('--loc 1403', 'cn', zh)).toEqual({
    problem: '`--loc` 最多可填 10 个洛迦诺分类，格式为“大类-小类”，例如 `14-03,12-16`；`1403` 不是有效代码。',
  });
  expect(declaredRefusal({ id: 'f', name: 'big.png', mimeType: 'image/png', size: 12 * 1024 * 1024 }, zh)).toBe(
    'big.png 大小为 12.0 MB；图片最大为 10.0 MB。未发送任何内容。',
  );
  expect(uploadInstruction('@iip ', zh)).toContain('请在此话题中发送产品图片并提及机器人（`@iip`');
  expect(declaredRefusal({ id: 'f', name: 'big.png', mimeType: 'image/png', size: 12 * 1024 * 1024 }, translatorFor('en'))).toBe(
    'big.png is 12.0 MB; images can be at most 10.0 MB. Nothing was sent.',
  );
});

test('the report, its risk line and a compared design are Chinese; platform values are shown as they came, its risk levels in words', () => {
  const message = reportMessage(REPORT, 'U1', 'shown', translatorFor('zh'));
  const text = JSON.stringify(message.blocks);
  expect(message.text).toBe('**外观设计检索报告**：US、CN 的相似已注册设计');
  expect(text).toContain('🔴 **高风险**（已注册高度相似的设计）：US · 🟠 **中风险**（仅有中度相似的设计）：除高风险国家/地区外无');
  expect(text).toContain('疑似侵权：2 · 共找到 1,234 个相似设计');
  expect(text).toContain('**前 1 个对比结果**');
  expect(text).toContain('相似度 91% · 🔴 风险：高 · US · 有效');
  expect(text).toContain('• _相同点：_ 轮廓相同');
  // the fields the platform left out by their names in its schema, as code
  expect(text).toContain('平台发送的此对比结果缺少：`img_id`、`confusion`、');
  expect(message.blocks?.at(-1)).toEqual({ type: 'context', text: `由 ${mention('U1')} 发起 · 线条图已发布在此话题中` });
});

/** A UTF-16 half of a character whose other half was cut away. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

test('a typed country or --loc value quoted in a refusal is cut between characters, never inside an emoji', () => {
  for (const lang of ['en', 'zh'] as const) {
    const country = parseDesignArgs('https://example.com/a.png --countries A😀😀😀😀😀', 'en', translatorFor(lang));
    const loc = parseDesignArgs('https://example.com/a.png --loc 1😀😀😀😀😀', 'en', translatorFor(lang));
    for (const refused of [country, loc]) {
      const problem = 'problem' in refused ? refused.problem : '';
      expect(problem).toMatch(/`[A1](😀)+…`/);
      expect(problem).not.toMatch(LONE_SURROGATE);
    }
  }
});

test('the shelf refusal’s 30 minutes as the language writes a duration', () => {
  const full = { refused: 'files', held: 5, limit: 5 } as const;
  expect(shelfRefusalText(full, translatorFor('zh'))).toContain('最长保留 30分钟。请稍后再试。');
  expect(shelfRefusalText(full, translatorFor('en'))).toContain('and after 30 minutes at most.');
});
